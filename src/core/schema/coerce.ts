import { isRecord, ownValue, plainRecord } from '../../util/is-record.js';
import type { Schema } from './form-model.js';
import { resolve } from './form-resolve.js';

/** Turns `key=value` words into arguments typed per the tool's inputSchema. */
export class CoerceError extends Error {}

export function coerceArguments(pairs: string[], schema: object | undefined, { strict = true } = {}): Record<string, unknown> {
  const root = (schema ?? {}) as Schema;
  const properties = isRecord(root.properties) ? root.properties : {};
  const args = plainRecord();
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new CoerceError(`"${pair}" is not key=value (use --args '<json>' for complex values)`);
    const key = pair.slice(0, eq);
    const text = pair.slice(eq + 1);
    try {
      args[key] = coerceValue(key, text, ownValue(properties, key), root);
    } catch (error) {
      // Unchecked (--no-validate): what does not read as its type is sent as the text given.
      if (strict || !(error instanceof CoerceError)) throw error;
      args[key] = text;
    }
  }
  return args;
}

/** The first type that is not null, looking into anyOf / oneOf alternatives too (a few levels: a schema may nest them thousands deep). */
function typeOf(schema: Schema, depth = 0): string | undefined {
  const types: unknown[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const real = types.find((t) => t !== 'null');
  if (real) return String(real);
  if (depth >= 8) return undefined;
  const alternatives = [schema.anyOf, schema.oneOf].flatMap((list) => (Array.isArray(list) ? list : []));
  for (const alt of alternatives) {
    const t = isRecord(alt) ? typeOf(alt, depth + 1) : undefined;
    if (t) return t;
  }
  return undefined;
}

function coerceValue(key: string, text: string, raw: unknown, root: Schema): unknown {
  // The same reading of $ref, one-element allOf and "X or null" as the TUI's form.
  const { schema, nullable } = resolve(raw, root);
  if (text === 'null' && (nullable || schema.type === 'null')) return null;
  const type = typeOf(schema);
  switch (type) {
    case 'number':
    case 'integer': {
      const n = Number(text);
      if (text.trim() === '' || !Number.isFinite(n)) throw new CoerceError(`${key} must be a number, got "${text}"`);
      if (type === 'integer' && !Number.isInteger(n)) throw new CoerceError(`${key} must be an integer, got "${text}"`);
      return n;
    }
    case 'boolean':
      if (/^(true|yes|1)$/i.test(text)) return true;
      if (/^(false|no|0)$/i.test(text)) return false;
      throw new CoerceError(`${key} must be true or false, got "${text}"`);
    case 'array':
      if (text.trim().startsWith('[')) return parseJson(key, text);
      return text === '' ? [] : text.split(',').map((item) => coerceValue(key, item.trim(), schema.items, root));
    case 'object':
      return parseJson(key, text);
    default:
      return text;
  }
}

function parseJson(key: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CoerceError(`${key} must be JSON here: ${(error as Error).message}`);
  }
}
