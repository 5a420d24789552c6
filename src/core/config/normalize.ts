import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { expandValue, type ExpandContext } from './expand.js';
import { forbiddenKeyIn, forbiddenKeyMessage } from './forbidden-keys.js';
import { planOf, type LaunchPlan } from './launch-plan.js';
import { whatRuns } from './what-runs.js';
import { redactUrl } from './redact.js';
import { knownFields, serverEntrySchema, TYPE_ALIASES, type ServerEntry } from './schema.js';
import type { ConfigIssue, ConfigSource, ServerConfig, ServerDefinition } from './types.js';
import { sandboxSettings } from '../sandbox/settings.js';
import { closest } from '../../util/closest.js';
import { isRecord } from '../../util/is-record.js';

const TYPES = 'stdio, sse, http or inprocess';

export interface NormalizeOptions {
  /** The answer to `${input:id}` in this entry's file, once given. */
  input?: ExpandContext['input'];
  /** `${userHome}`, `${workspaceFolder}`, ... */
  builtins?: Record<string, string>;
  /** Where a stdio server without a `cwd` starts (load.ts: the project folder for a project's servers, else the home folder); unset, the launch folder. */
  defaultCwd?: string;
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
  let plan: LaunchPlan | undefined;
  const def = (config?: ServerConfig): ServerDefinition => ({
    name, source, raw: isRecord(raw) ? raw : {}, config, issues, ...(plan && { plan, runs: whatRuns(plan, options.builtins, [...missingInputs]) }), ...(missingInputs.size ? { missingInputs: [...missingInputs] } : {}),
  });

  if (!isRecord(raw)) {
    error(`must be an object like {"command": "..."} or {"type": "http", "url": "..."}`);
    return def();
  }
  // Files refuse these keys as they are read (forbidden-keys.ts); an entry built in code is held to it too.
  const forbidden = forbiddenKeyIn(raw);
  if (forbidden !== undefined || (Object.getPrototypeOf(raw) !== Object.prototype && Object.getPrototypeOf(raw) !== null)) {
    error(forbiddenKeyMessage(forbidden ?? '__proto__'));
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

  const base = source.path ? dirname(source.path) : process.cwd();
  plan = planOf(entry, type, base, options.defaultCwd);
  const missing = new Set<string>();
  const context: ExpandContext = { env, input: options.input, builtins: options.builtins, missing, missingInputs };
  const x = (value: string) => expandValue(value, context);
  const xMap = (map: Record<string, string> | undefined) => Object.fromEntries(Object.entries(map ?? {}).map(([k, v]) => [k, x(v)]));
  // The config is the plan with its references filled in: what was approved and shown is what starts.
  const common = {
    disabled: entry.disabled ?? false,
    timeout: noLimit(entry.timeout),
    requestTimeout: noLimit(entry.requestTimeout),
    tools: entry.tools,
    oauth: plan.oauth,
    ...(plan.protocol && { protocol: plan.protocol }),
    ...(plan.roots?.length ? { roots: plan.roots.map((r) => resolve(base, expandHome(x(r), env, options.builtins))) } : {}),
  };

  let config: ServerConfig | undefined;
  if (type !== 'stdio' && entry.sandbox) warn(`"sandbox" is for stdio servers: a ${type} server runs elsewhere (or inside mcpdeck) and is not sandboxed`);
  if (type === 'stdio') {
    if (!plan.command) error(`type "stdio" needs a "command" to run`);
    else config = { ...common, type, command: x(plan.command), args: plan.args!.map(x), env: xMap(plan.env), cwd: plan.cwd === undefined ? undefined : resolve(base, x(plan.cwd)),
      ...(plan.sandbox && { sandbox: sandboxSettings(plan.sandbox, x, base, env) }) };
  } else if (type === 'sse' || type === 'http') {
    if (!plan.url) error(`type "${type}" needs a "url"`);
    else {
      const url = x(plan.url);
      if (!missing.size && !missingInputs.size && !isHttpUrl(url)) error(`"url" must be an http:// or https:// URL, got ${JSON.stringify(redactUrl(url))}`);
      else config = { ...common, type, url, headers: xMap(plan.headers), ...(type === 'http' && !entry.type ? { typeAssumed: true } : {}) };
    }
  } else {
    if (!plan.module) error(`type "inprocess" needs a "module" (a file path or package name)`);
    else config = { ...common, type, module: plan.module, export: plan.export };
  }
  // A server turned off needs none of its values: it is listed as disabled, not failed, and nothing is asked.
  if (entry.disabled && (missing.size || missingInputs.size)) {
    missingInputs.clear();
    return { ...def(), disabled: true };
  }
  for (const variable of missing) error(`environment variable \${${variable}} is not set; set it or write \${${variable}:-default}`);
  for (const id of missingInputs) {
    error(`\${input:${id}} has no value yet: mcpdeck asks for it once (on the terminal, or in the deck) and keeps it in the OS keychain or its private secrets file`);
    issues[issues.length - 1]!.pending = true;
  }
  return def(issues.some((i) => i.severity === 'error') ? undefined : config);
}

/** The longest a timer waits (about 24 days): what "0, no timeout" means to a request. */
const NO_TIMEOUT = 2 ** 31 - 1;
const noLimit = (ms: number | undefined) => (ms === 0 ? NO_TIMEOUT : ms);

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
