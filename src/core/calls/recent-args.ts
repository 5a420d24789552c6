import { join } from 'node:path';
import { readJsonFile } from '../config/read-json.js';
import type { ConfigIssue } from '../config/types.js';
import { PRIVATE_FILE_MODE, userConfigDir } from '../config/user-catalog.js';
const writer = () => import('../config/write.js');
import { isRecord } from '../../util/is-record.js';
import type { Schema } from '../schema/form-model.js';
import { resolve } from '../schema/form-resolve.js';

/** The arguments last sent to each tool, so a form can start from them next time. */
export interface RecentArgs {
  get(server: string, tool: string): Record<string, unknown> | undefined;
  /** Remembers `args` without secret-looking values; `schema` is the tool's inputSchema. */
  remember(server: string, tool: string, args: Record<string, unknown>, schema?: unknown): void;
  /** Resolves when what was remembered so far is on disk. */
  settled?(): Promise<void>;
}

const KEEP = 200;
const SECRET_WORDS = new Set(['token', 'secret', 'password', 'passwd', 'passphrase', 'pwd', 'key', 'apikey', 'authorization', 'auth', 'credential', 'credentials', 'cookie', 'bearer', 'pin', 'otp']);

/**
 * `apiKey`, `api_key`, `X-Auth-Token`, `password`: split into words, any secret word marks it.
 * By words, unlike config/redact.ts, which masks any name containing one: a mask there
 * costs nothing, while here `keyword` or `author` would lose its prefill.
 */
export function isSecretName(name: string): boolean {
  if (SECRET_WORDS.has(name.toLowerCase())) return true;
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/);
  return words.some((w) => SECRET_WORDS.has(w));
}

/**
 * A copy of `value` with secret-looking fields (by name, `format: "password"` or
 * `writeOnly`) left out, at any depth. The schema is read as the form reads it, so a
 * secret behind a `$ref` or an "or null" (pydantic's `Optional[SecretStr]`) counts too.
 */
export function withoutSecrets(value: unknown, schema?: unknown): unknown {
  const root = isRecord(schema) ? schema : {};
  return strip(value, resolve(schema, root).schema, root);
}

function strip(value: unknown, schema: Schema, root: Schema): unknown {
  if (Array.isArray(value)) return value.map((item) => strip(item, resolve(schema.items, root).schema, root));
  if (!isRecord(value)) return value;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const kept: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(value)) {
    const field = resolve(properties[name], root).schema;
    if (isSecretName(name) || field.format === 'password' || field.writeOnly === true) continue;
    kept[name] = strip(v, field, root);
  }
  return kept;
}

type Calls = Record<string, Record<string, unknown>>;

/**
 * Kept in recent-args.json next to the user catalog (JSONC, written by the same locked,
 * atomic writer as every config file); a broken file only means no prefill.
 */
export function openRecentArgs(env: NodeJS.ProcessEnv = process.env): RecentArgs {
  const path = join(userConfigDir(env), 'recent-args.json');
  const callsOf = (document: unknown): Calls => (isRecord(document) && isRecord(document.calls) ? (document.calls as Calls) : {});
  const read = () => {
    const issues: ConfigIssue[] = [];
    return callsOf(readJsonFile(path, issues, false)?.value);
  };
  const pending = new Set<Promise<void>>();
  /** This session's, ahead of the file: a form opened again before the write ends still sees them. */
  const fresh = new Map<string, Record<string, unknown>>();
  // One key per call, JSON-encoded: names may hold any character.
  const keyOf = (server: string, tool: string) => JSON.stringify([server, tool]);
  return {
    get(server, tool) {
      try {
        const key = keyOf(server, tool);
        const args = fresh.get(key) ?? read()[key];
        return isRecord(args) ? args : undefined;
      } catch {
        return undefined;
      }
    },
    remember(server, tool, args, schema) {
      const key = keyOf(server, tool);
      const value = withoutSecrets(args, schema) as Record<string, unknown>;
      fresh.set(key, value);
      const written = writer().then(({ updateJsonFile }) => updateJsonFile(path, (document) => {
        const { [key]: _old, ...rest } = callsOf(document);
        const kept = Object.entries({ ...rest, [key]: value }).slice(-KEEP);
        return { changes: [{ path: ['calls'], value: Object.fromEntries(kept) }], result: undefined };
      }, { newFileMode: PRIVATE_FILE_MODE }));
      pending.add(written);
      // Remembering is a convenience: a read-only or broken file must not stop a call.
      void written.catch(() => undefined).finally(() => pending.delete(written));
    },
    settled: () => Promise.all([...pending].map((p) => p.catch(() => undefined))).then(() => undefined),
  };
}
