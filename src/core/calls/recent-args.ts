import Conf from 'conf';
import { userConfigDir } from '../config/user-catalog.js';
import { isRecord } from '../../util/is-record.js';
import type { Schema } from '../schema/form-model.js';
import { resolve } from '../schema/form-resolve.js';

/** The arguments last sent to each tool, so a form can start from them next time. */
export interface RecentArgs {
  get(server: string, tool: string): Record<string, unknown> | undefined;
  /** Remembers `args` without secret-looking values; `schema` is the tool's inputSchema. */
  remember(server: string, tool: string, args: Record<string, unknown>, schema?: unknown): void;
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

type Shape = { calls: Record<string, Record<string, unknown>> };

/** Kept with conf next to the user catalog; opened on first use; a broken file only means no prefill. */
export function openRecentArgs(env: NodeJS.ProcessEnv = process.env): RecentArgs {
  let conf: Conf<Shape> | undefined;
  const open = () => (conf ??= new Conf<Shape>({ projectName: 'mcpdeck', configName: 'recent-args', cwd: userConfigDir(env), defaults: { calls: {} } }));
  const read = () => {
    const calls = open().get('calls');
    return isRecord(calls) ? (calls as Shape['calls']) : {};
  };
  // Names may hold dots, which conf would read as paths: one key per call, JSON-encoded.
  const keyOf = (server: string, tool: string) => JSON.stringify([server, tool]);
  return {
    get(server, tool) {
      try {
        const args = read()[keyOf(server, tool)];
        return isRecord(args) ? args : undefined;
      } catch {
        return undefined;
      }
    },
    remember(server, tool, args, schema) {
      try {
        const key = keyOf(server, tool);
        const { [key]: _old, ...rest } = read();
        const kept = Object.entries({ ...rest, [key]: withoutSecrets(args, schema) as Record<string, unknown> }).slice(-KEEP);
        open().set('calls', Object.fromEntries(kept));
      } catch {
        // Remembering is a convenience: a read-only or broken file must not stop a call.
      }
    },
  };
}
