import { pruneDeep } from '../../util/json-depth.js';
import { formatCount } from '../../util/text.js';

/**
 * Schemas nested deeper than this (objects and arrays, counted as JSON nests) are not
 * compiled: Ajv recurses once per level and overflows the stack near 1,000 schema
 * levels; real schemas stay far below 128.
 */
export const MAX_SCHEMA_DEPTH = 128;

// Walks over any JSON value, kept in util so terminalJson cuts deep values with them too.
export { nestingDepth, pruneDeep } from '../../util/json-depth.js';

/** A value from a schema (a const, an enum value, a default) as one short JSON text, whatever its depth. */
export const jsonLabel = (value: unknown, levels = 8): string => JSON.stringify(pruneDeep(value, levels)) ?? String(value);

/** An enum's values for one line, the first few only: an enum may have 100,000 values. */
export function jsonChoices(values: readonly unknown[], separator: string, max = 12): string {
  const shown = values.slice(0, max).map((v) => jsonLabel(v)).join(separator);
  return values.length > max ? `${shown}${separator}… (${formatCount(values.length)} values)` : shown;
}
