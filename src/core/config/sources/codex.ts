import { dropFields, mapStrings, refuseCommon, toPlainVars, transportOf } from './convert.js';
import type { ClientFormat, Converted } from './types.js';
import { inHome, pathsOf } from './where.js';
import { isRecord } from '../../../util/is-record.js';

const NAME = 'Codex';
const ONE_VAR = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;
const BEARER = /^Bearer \$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;
const seconds = (value: unknown) => (typeof value === 'number' ? Math.round(value * 1000) : undefined);
const strings = (value: unknown) => (isRecord(value) ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string')) : {});

const IGNORED = {
  env_vars: null, bearer_token_env_var: null, http_headers: null, env_http_headers: null, startup_timeout_sec: null, startup_timeout_ms: null,
  tool_timeout_sec: null, enabled: null, enabled_tools: null, disabled_tools: null,
};

function toDeck(raw: Record<string, unknown>): Converted {
  const { entry, notes } = dropFields(raw, IGNORED);
  // Codex passes these through from its own environment; an unset one is simply not passed.
  if (Array.isArray(raw.env_vars)) {
    const env = { ...strings(entry.env) };
    for (const name of raw.env_vars) if (typeof name === 'string' && !(name in env)) env[name] = `\${${name}:-}`;
    entry.env = env;
  }
  if (typeof raw.url === 'string') {
    entry.type = 'http';
    const headers = { ...strings(raw.http_headers) };
    for (const [header, variable] of Object.entries(strings(raw.env_http_headers))) headers[header] = `\${${variable}}`;
    if (typeof raw.bearer_token_env_var === 'string') headers.Authorization = `Bearer \${${raw.bearer_token_env_var}}`;
    if (Object.keys(headers).length) entry.headers = headers;
  }
  const timeout = seconds(raw.startup_timeout_sec) ?? (typeof raw.startup_timeout_ms === 'number' ? raw.startup_timeout_ms : undefined);
  if (timeout !== undefined) entry.timeout = timeout;
  if (seconds(raw.tool_timeout_sec) !== undefined) entry.requestTimeout = seconds(raw.tool_timeout_sec);
  if (raw.enabled === false) entry.disabled = true;
  if (Array.isArray(raw.enabled_tools) || Array.isArray(raw.disabled_tools)) {
    entry.tools = { ...(Array.isArray(raw.enabled_tools) && { allow: raw.enabled_tools }), ...(Array.isArray(raw.disabled_tools) && { block: raw.disabled_tools }) };
  }
  return { entry, notes };
}

/** Codex: `[mcp_servers.<name>]` tables in ~/.codex/config.toml ($CODEX_HOME moves it). Codex expands no variables. */
export const codex: ClientFormat = {
  id: 'codex',
  name: NAME,
  files: (where) => [
    {
      client: 'codex',
      scope: 'user',
      path: where.env.CODEX_HOME ? pathsOf(where).join(where.env.CODEX_HOME, 'config.toml') : inHome(where, '.codex', 'config.toml'),
      at: ['mcp_servers'],
      syntax: 'toml',
    },
  ],
  toDeck: (_name, raw) => toDeck(raw),
  fromDeck(entry) {
    const refusal = refuseCommon(entry, NAME, true);
    if (refusal) return refusal;
    const type = transportOf(entry)!;
    if (type === 'sse') return { refused: `${NAME} speaks only Streamable HTTP, not SSE` };
    const notes: string[] = [];
    const plain = mapStrings(entry, toPlainVars);
    const out: Record<string, unknown> = {};
    if (type === 'stdio') {
      out.command = plain.command;
      if (Array.isArray(plain.args) && plain.args.length) out.args = plain.args;
      const env: Record<string, string> = {};
      const passed: string[] = [];
      for (const [key, value] of Object.entries(strings(plain.env))) {
        if (ONE_VAR.exec(value)?.[1] === key) passed.push(key);
        else env[key] = value;
      }
      if (Object.keys(env).length) out.env = env;
      if (passed.length) out.env_vars = passed;
      if (typeof plain.cwd === 'string') out.cwd = plain.cwd;
    } else {
      out.url = plain.url;
      const headers: Record<string, string> = {};
      const fromEnv: Record<string, string> = {};
      for (const [header, value] of Object.entries(strings(plain.headers))) {
        const bearer = BEARER.exec(value)?.[1];
        const variable = ONE_VAR.exec(value)?.[1];
        if (bearer && /^authorization$/i.test(header)) out.bearer_token_env_var = bearer;
        else if (variable) fromEnv[header] = variable;
        else headers[header] = value;
      }
      if (Object.keys(headers).length) out.http_headers = headers;
      if (Object.keys(fromEnv).length) out.env_http_headers = fromEnv;
    }
    const left = { command: out.command, args: out.args, env: out.env, url: out.url, headers: out.http_headers };
    if (/\$\{/.test(JSON.stringify(left))) notes.push(`${NAME} does not expand \${VAR} inside values: those were written as they are`);
    if (typeof entry.timeout === 'number') out.startup_timeout_sec = entry.timeout / 1000;
    if (typeof entry.requestTimeout === 'number') out.tool_timeout_sec = entry.requestTimeout / 1000;
    if (entry.disabled === true) out.enabled = false;
    const tools = isRecord(entry.tools) ? entry.tools : {};
    if (Array.isArray(tools.allow)) out.enabled_tools = tools.allow;
    if (Array.isArray(tools.block)) out.disabled_tools = tools.block;
    if (isRecord(entry.oauth)) notes.push(`${NAME} takes no OAuth settings per server: "oauth" was left out`);
    return { entry: out, notes };
  },
};
