import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { expandValue, type ExpandContext } from './expand.js';
import { redactUrl } from './redact.js';
import { knownFields, serverEntrySchema, TYPE_ALIASES, type ServerEntry } from './schema.js';
import type { ConfigIssue, ConfigSource, ServerConfig, ServerDefinition } from './types.js';
import { closest } from '../../util/closest.js';
import { isRecord } from '../../util/is-record.js';

const TYPES = 'stdio, sse, http or inprocess';

export interface NormalizeOptions {
  /** The answer to `${input:id}` in this entry's file, once given. */
  input?: ExpandContext['input'];
  /** `${userHome}`, `${workspaceFolder}`, ... */
  builtins?: Record<string, string>;
}

/** Turns one `mcpServers` entry into a usable config, or into issues that say what to fix. */
export function normalizeEntry(
  name: string,
  raw: unknown,
  source: ConfigSource,
  env: NodeJS.ProcessEnv,
  options: NormalizeOptions = {},
): ServerDefinition {
  const issues: ConfigIssue[] = [];
  const where = source.path ? ` in ${source.path}` : '';
  const error = (message: string) => issues.push({ severity: 'error', server: name, file: source.path, message: `server "${name}"${where}: ${message}` });
  const warn = (message: string) => issues.push({ severity: 'warning', server: name, file: source.path, message: `server "${name}"${where}: ${message}` });
  const missingInputs = new Set<string>();
  const def = (config?: ServerConfig): ServerDefinition => ({
    name, source, raw: isRecord(raw) ? raw : {}, config, issues, ...(missingInputs.size ? { missingInputs: [...missingInputs] } : {}),
  });

  if (!isRecord(raw)) {
    error(`must be an object like {"command": "..."} or {"type": "http", "url": "..."}`);
    return def();
  }
  const known = knownFields();
  for (const key of Object.keys(raw)) {
    if (!known.includes(key)) {
      const guess = closest(key, known);
      warn(`unknown field "${key}" is ignored${guess ? ` (did you mean "${guess}"?)` : ''}`);
    }
  }
  const parsed = serverEntrySchema().safeParse(raw);
  if (!parsed.success) {
    for (const problem of parsed.error.issues) error(`"${problem.path.join('.')}": ${problem.message}`);
    return def();
  }
  const entry = parsed.data;
  for (const key of ['type', 'command', 'url', 'module', 'cwd'] as const) {
    const value = entry[key];
    if (value !== undefined && value !== value.trim()) error(`"${key}" has stray whitespace: ${JSON.stringify(key === 'url' ? redactUrl(value) : value)}; remove it`);
  }
  for (const [label, map] of [['env', entry.env], ['headers', entry.headers]] as const) {
    for (const [key, value] of Object.entries(map ?? {})) {
      if (key !== key.trim() || value !== value.trim()) warn(`${label} "${key.trim()}" has stray whitespace around its name or value`);
    }
  }
  if (issues.some((i) => i.severity === 'error')) return def();

  const type = resolveType(entry, error);
  if (!type) return def();

  const missing = new Set<string>();
  const context: ExpandContext = { env, input: options.input, builtins: options.builtins, missing, missingInputs };
  const x = (value: string) => expandValue(value, context);
  const xMap = (map: Record<string, string> | undefined) =>
    Object.fromEntries(Object.entries(map ?? {}).map(([k, v]) => [k.trim(), x(v)]));
  const base = source.path ? dirname(source.path) : process.cwd();
  const common = {
    disabled: entry.disabled ?? false,
    timeout: entry.timeout,
    requestTimeout: entry.requestTimeout,
    tools: entry.tools,
    oauth: entry.oauth,
    ...(entry.protocol && entry.protocol !== 'auto' ? { protocol: entry.protocol } : {}),
    ...(entry.roots?.length ? { roots: entry.roots.map((r) => resolve(base, expandHome(x(r), env, options.builtins))) } : {}),
  };

  let config: ServerConfig | undefined;
  if (type === 'stdio') {
    if (!entry.command) error(`type "stdio" needs a "command" to run`);
    else config = { ...common, type, command: x(entry.command), args: (entry.args ?? []).map(x), env: xMap(entry.env), cwd: entry.cwd ? resolve(base, x(entry.cwd)) : undefined };
  } else if (type === 'sse' || type === 'http') {
    if (!entry.url) error(`type "${type}" needs a "url"`);
    else {
      const url = x(entry.url);
      if (!missing.size && !missingInputs.size && !isHttpUrl(url)) error(`"url" must be an http:// or https:// URL, got ${JSON.stringify(redactUrl(url))}`);
      else config = { ...common, type, url, headers: xMap(entry.headers), ...(type === 'http' && !entry.type ? { typeAssumed: true } : {}) };
    }
  } else {
    if (!entry.module) error(`type "inprocess" needs a "module" (a file path or package name)`);
    else config = { ...common, type, module: entry.module.startsWith('.') ? resolve(base, entry.module) : entry.module, export: entry.export };
  }
  for (const variable of missing) error(`environment variable \${${variable}} is not set; set it or write \${${variable}:-default}`);
  for (const id of missingInputs) {
    error(`\${input:${id}} has no value yet: mcpdeck asks for it once (on the terminal, or in the deck) and keeps it in the OS keychain or its private secrets file`);
  }
  return def(issues.some((i) => i.severity === 'error') ? undefined : config);
}

function resolveType(entry: ServerEntry, error: (m: string) => void): ServerConfig['type'] | undefined {
  if (entry.type !== undefined) {
    const type = TYPE_ALIASES[entry.type];
    if (!type) error(`unknown type "${entry.type}"; use ${TYPES}`);
    return type;
  }
  if (entry.command) return 'stdio';
  // No type is a choice, not a mistake: Streamable HTTP first, SSE when the server refuses it (session.ts).
  if (entry.url) return 'http';
  if (entry.module) return 'inprocess';
  error(`has no "command" (local server) or "url" (remote server); add one`);
  return undefined;
}

/** `~` and `~/...` as a shell would: the home folder. */
export function expandHome(path: string, env: NodeJS.ProcessEnv, builtins?: Record<string, string>): string {
  if (path !== '~' && !path.startsWith('~/') && !path.startsWith('~\\')) return path;
  const home = builtins?.userHome ?? (env.HOME || env.USERPROFILE || homedir());
  return join(home, path.slice(1));
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
