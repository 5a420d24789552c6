import { TYPE_ALIASES } from '../schema.js';
import type { Converted, Refused } from './types.js';
import { isRecord } from '../../../util/is-record.js';

/**
 * Fields a client knows and mcpdeck has no use for: dropped when read. A note says
 * what it means to lose one that changes how the server runs; null drops it quietly.
 */
export type Ignored = Record<string, string | null>;

/** A client's entry with its own fields taken out; every other field passes on (unknown ones are warned about). */
export function dropFields(raw: Record<string, unknown>, ignored: Ignored): Converted {
  const entry: Record<string, unknown> = {};
  const notes: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (!Object.hasOwn(ignored, key)) entry[key] = value;
    else if (ignored[key]) notes.push(ignored[key]!);
  }
  return { entry, notes };
}

/** Applies `fn` to every string a variable can sit in: command, args, cwd, url, env and header values. */
export function mapStrings(entry: Record<string, unknown>, fn: (value: string) => string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...entry };
  for (const key of ['command', 'cwd', 'url']) if (typeof out[key] === 'string') out[key] = fn(out[key] as string);
  if (Array.isArray(out.args)) out.args = out.args.map((a) => (typeof a === 'string' ? fn(a) : a));
  for (const key of ['env', 'headers']) {
    const map = out[key];
    if (isRecord(map)) out[key] = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, typeof v === 'string' ? fn(v) : v]));
  }
  return out;
}

const PLAIN = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;
const ENV = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;
/** Editor built-ins, which look like ${VAR} but are not environment variables. */
const BUILTINS = new Set(['userHome', 'workspaceFolder', 'workspaceFolderBasename', 'pathSeparator']);

/** `${VAR}` as `${env:VAR}` (VS Code, Cursor, Windsurf); a `:-default` cannot be said there. */
export function toEnvColon(notes: string[]): (value: string) => string {
  return (value) => value.replace(PLAIN, (whole, name: string, fallback: string | undefined) => {
    if (BUILTINS.has(name)) return whole;
    // The default itself may be a secret: the note names only the variable.
    if (fallback !== undefined) notes.push(`\${${name}:-...} has a default, which cannot be written there: it became \${env:${name}}`);
    return `\${env:${name}}`;
  });
}

/** `${env:VAR}` as `${VAR}` (Claude Code, Gemini CLI, qodercli). */
export const toPlainVars = (value: string) => value.replace(ENV, (_w, name: string, fallback?: string) => `\${${name}${fallback !== undefined ? `:-${fallback}` : ''}}`);

/** Gemini CLI's bare `$VAR` as `${VAR}`. */
export const bracesForBareVars = (value: string) => value.replace(/\$([A-Za-z_][A-Za-z0-9_]*)(?![A-Za-z0-9_{])/g, '${$1}');

/** An mcpdeck entry's transport, as its `type` or its fields say. */
export function transportOf(entry: Record<string, unknown>): 'stdio' | 'sse' | 'http' | 'inprocess' | undefined {
  if (typeof entry.type === 'string') return TYPE_ALIASES[entry.type];
  if (typeof entry.command === 'string') return 'stdio';
  if (typeof entry.url === 'string') return 'http';
  if (typeof entry.module === 'string') return 'inprocess';
  return undefined;
}

/** What every export refuses: in-process servers, unusable entries, and (where there is no switch) disabled ones. */
export function refuseCommon(entry: Record<string, unknown>, client: string, hasDisabled: boolean): Refused | undefined {
  const type = transportOf(entry);
  if (type === 'inprocess') return { refused: 'an in-process server runs only inside mcpdeck' };
  if (!type) return { refused: 'it has no usable "command" or "url"' };
  if (entry.disabled === true && !hasDisabled) return { refused: `it is disabled, and ${client} has no way to keep a server disabled; enable it first` };
  return undefined;
}

/** The fields of a stdio entry that every client writes the same way. */
export function stdioFields(entry: Record<string, unknown>, withCwd: boolean, client: string, notes: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { command: entry.command };
  if (Array.isArray(entry.args) && entry.args.length) out.args = entry.args;
  if (isRecord(entry.env) && Object.keys(entry.env).length) out.env = entry.env;
  if (typeof entry.cwd === 'string') {
    if (withCwd) out.cwd = entry.cwd;
    else notes.push(`${client} has no working folder setting: "cwd" was left out`);
  }
  return out;
}

export const headersOf = (entry: Record<string, unknown>) => (isRecord(entry.headers) && Object.keys(entry.headers).length ? { headers: entry.headers } : {});

/** Notes for mcpdeck settings a client has no place for. */
export function lostSettings(entry: Record<string, unknown>, client: string, has: { tools?: boolean; timeouts?: boolean; oauth?: boolean }): string[] {
  const notes: string[] = [];
  if (!has.tools && isRecord(entry.tools)) notes.push(`${client} has no tool filter: "tools" was left out`);
  if (!has.timeouts && (entry.timeout !== undefined || entry.requestTimeout !== undefined)) notes.push(`${client} has no per-server timeouts: they were left out`);
  if (!has.oauth && isRecord(entry.oauth)) notes.push(`${client} takes no OAuth settings in its file: "oauth" was left out`);
  return notes;
}

export const refused = (value: Converted | Refused): value is Refused => 'refused' in value;
