import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { inputRefs } from './expand.js';
import type { ServerEntry } from './schema.js';
import { sandboxEntryOf, type SandboxEntry } from '../sandbox/settings.js';
import type { OAuthSettings, TransportType } from './types.js';

/**
 * What a server entry starts or connects to, as written, before any `${...}` is filled:
 * the one thing that is approved (its hash), shown (what-runs.ts) and started (the config
 * is this plan with its references filled in, normalize.ts). Only fields that can change
 * what runs, where, with what, or where it connects are in it; timeouts, tool filters and
 * `disabled` are not.
 */
export interface LaunchPlan {
  type: TransportType;
  /** stdio: the program, its arguments and environment, and the folder it starts in (absolute unless it names a variable). */
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** http / sse. */
  url?: string;
  headers?: Record<string, string>;
  /** inprocess: the module (absolute when it was a relative path) and its export. */
  module?: string;
  export?: string;
  roots?: string[];
  oauth?: OAuthSettings;
  protocol?: string;
  /** stdio: the sandbox it runs in, as written (normal form); absent: unsandboxed. */
  sandbox?: SandboxEntry;
}

/** A path as written, made absolute against `base` unless it names a variable (filled in at start). */
const pathFrom = (base: string, path: string) => (path.includes('${') ? path : resolve(base, path));
const trimKeys = (map: Record<string, string> | undefined) => (map ? Object.fromEntries(Object.entries(map).map(([k, v]) => [k.trim(), v])) : undefined);

/** The plan of a checked entry of a known type; `base` is its file's folder, `defaultCwd` where a stdio server starts without a `cwd`. */
export function planOf(entry: ServerEntry, type: TransportType, base: string, defaultCwd: string | undefined): LaunchPlan {
  const common = {
    ...(entry.roots?.length && { roots: entry.roots }),
    ...(entry.oauth && { oauth: entry.oauth }),
    ...(entry.protocol && entry.protocol !== 'auto' && { protocol: entry.protocol }),
  };
  switch (type) {
    case 'stdio': {
      const cwd = entry.cwd !== undefined ? pathFrom(base, entry.cwd) : defaultCwd;
      const sandbox = sandboxEntryOf(entry.sandbox);
      return { type, ...(entry.command !== undefined && { command: entry.command }), args: entry.args ?? [], env: trimKeys(entry.env) ?? {}, ...(cwd !== undefined && { cwd }), ...(sandbox && { sandbox }), ...common };
    }
    case 'http':
    case 'sse':
      return { type, ...(entry.url !== undefined && { url: entry.url }), headers: trimKeys(entry.headers) ?? {}, ...common };
    case 'inprocess': {
      const module = entry.module?.startsWith('.') ? resolve(base, entry.module) : entry.module;
      return { type, ...(module !== undefined && { module }), ...(entry.export !== undefined && { export: entry.export }), ...common };
    }
  }
}

/** The approval key of a plan: key order aside, equal plans hash equal and any other byte differs. */
export const planHash = (plan: LaunchPlan | undefined): string => contentHash('plan', plan ?? null);

/** `kind:sha256:…` of a value, key order aside. */
export function contentHash(kind: string, value: unknown): string {
  return `${kind}:sha256:${createHash('sha256').update(stableJson(value)).digest('hex')}`;
}

/** The approval key of a whole file: each server's plan by name (a broken entry, which runs nothing, as null). */
export function filePlansHash(plans: ReadonlyMap<string, LaunchPlan | undefined>): string {
  return contentHash('plans', Object.fromEntries([...plans].map(([name, plan]) => [name, plan ?? null])));
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record).sort().filter((k) => record[k] !== undefined).map((k) => `${JSON.stringify(k)}:${stableJson(record[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Every string of the plan that is filled in before it starts. */
function templates(plan: LaunchPlan): string[] {
  const { network = [], read = [], write = [] } = plan.sandbox ?? {};
  return [plan.command, ...(plan.args ?? []), ...Object.values(plan.env ?? {}), plan.cwd, plan.url, ...Object.values(plan.headers ?? {}), ...(plan.roots ?? []), ...network, ...read, ...write]
    .filter((v): v is string => typeof v === 'string');
}

/** The editors' built-ins (expand.ts): filled from where mcpdeck runs, not from the environment. */
const BUILTINS = new Set(['userHome', 'workspaceFolder', 'workspaceFolderBasename', 'pathSeparator']);
const VARIABLE = /\$\{(env:[A-Za-z_][A-Za-z0-9_]*|[A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}/g;

/** The `${input:id}` values the plan is filled with (asked once, kept as secrets). */
export const planInputs = (plan: LaunchPlan): string[] => [...new Set(templates(plan).flatMap(inputRefs))];

/** The environment variables the plan reads (`${VAR}`, `${env:VAR}`), by name. */
export const planVariables = (plan: LaunchPlan): string[] =>
  [...new Set(templates(plan).flatMap((t) => [...t.matchAll(VARIABLE)].map((m) => m[1]!)).filter((n) => !BUILTINS.has(n)).map((n) => n.replace(/^env:/, '')))];
