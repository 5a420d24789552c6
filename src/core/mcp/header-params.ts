import { isRecord } from '../../util/is-record.js';

/** An HTTP token (RFC 9110 §5.6.2): what a header name may be made of. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE = new Set(['string', 'integer', 'boolean']);

/**
 * Why a tool's `x-mcp-header` declarations are unusable (SEP-2243), or undefined when they
 * are fine. On 2026-07-28 over HTTP a declared argument travels as an `Mcp-Param-*`
 * header: a name that is no header name, a number or an object, or two declarations of
 * one header make the tool uncallable, so such a tool is left out of the list.
 */
export function headerParamProblem(inputSchema: unknown): string | undefined {
  const seen = new Set<string>();
  const walk = (schema: unknown, path: string): string | undefined => {
    if (!isRecord(schema) || !isRecord(schema.properties)) return undefined;
    for (const [key, property] of Object.entries(schema.properties)) {
      if (!isRecord(property)) continue;
      const where = path ? `${path}.${key}` : key;
      if ('x-mcp-header' in property) {
        const name = property['x-mcp-header'];
        if (typeof name !== 'string' || !name) return `${where}: x-mcp-header must be a non-empty string`;
        if (!TOKEN.test(name)) return `${where}: x-mcp-header "${name}" is not a valid header name`;
        if (typeof property.type !== 'string' || !PRIMITIVE.has(property.type)) return `${where}: x-mcp-header is only for string, integer or boolean properties`;
        if (seen.has(name.toLowerCase())) return `${where}: x-mcp-header "${name}" is declared twice`;
        seen.add(name.toLowerCase());
      }
      const nested = walk(property, where);
      if (nested) return nested;
    }
    return undefined;
  };
  return walk(inputSchema, '');
}
