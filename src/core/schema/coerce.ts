/** Turns `key=value` words into arguments typed per the tool's inputSchema. */
export class CoerceError extends Error {}

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; enum?: unknown[]; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[] };

export function coerceArguments(pairs: string[], schema: Schema | undefined): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new CoerceError(`"${pair}" is not key=value (use --args '<json>' for complex values)`);
    const key = pair.slice(0, eq);
    args[key] = coerceValue(key, pair.slice(eq + 1), schema?.properties?.[key]);
  }
  return args;
}

function typeOf(schema: Schema | undefined): string | undefined {
  if (!schema) return undefined;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const real = types.find((t) => t !== 'null');
  if (real) return real;
  for (const alt of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const t = typeOf(alt);
    if (t && t !== 'null') return t;
  }
  return undefined;
}

function coerceValue(key: string, text: string, schema: Schema | undefined): unknown {
  const type = typeOf(schema);
  if (text === 'null' && allowsNull(schema)) return null;
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
      return text === '' ? [] : text.split(',').map((item) => coerceValue(key, item.trim(), schema?.items));
    case 'object':
      return parseJson(key, text);
    default:
      return text;
  }
}

function allowsNull(schema: Schema | undefined): boolean {
  if (!schema) return false;
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(allowsNull);
}

function parseJson(key: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CoerceError(`${key} must be JSON here: ${(error as Error).message}`);
  }
}
