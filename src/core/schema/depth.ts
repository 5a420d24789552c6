import { isRecord } from '../../util/is-record.js';

/**
 * Schemas nested deeper than this (objects and arrays, counted as JSON nests) are not
 * compiled: Ajv recurses once per level and overflows the stack near 1,000 schema
 * levels; real schemas stay far below 128.
 */
export const MAX_SCHEMA_DEPTH = 128;

const depths = new WeakMap<object, number>();

/**
 * How deeply objects and arrays nest in `value` (a scalar is 0, `{}` is 1), walked with
 * a stack of our own: a schema 10,000 levels deep must not overflow the call stack that
 * measures it. Each object is visited once, so shared or cyclic objects (an in-process
 * server's) end the walk too. Remembered per object.
 */
export function nestingDepth(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const known = depths.get(value);
  if (known !== undefined) return known;
  let deepest = 0;
  const seen = new Set<object>();
  const stack: [object, number][] = [[value, 1]];
  while (stack.length) {
    const [at, depth] = stack.pop()!;
    if (seen.has(at)) continue;
    seen.add(at);
    if (depth > deepest) deepest = depth;
    for (const child of Array.isArray(at) ? at : Object.values(at)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  depths.set(value, deepest);
  return deepest;
}

/**
 * A copy of `value` cut `levels` deep, for showing: what lies deeper becomes a string
 * that says how deep it went. Recursion is fine here, as it stops at `levels`.
 */
export function pruneDeep(value: unknown, levels: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (levels <= 0) return `⟨${nestingDepth(value).toLocaleString('en-US')} more levels, not shown⟩`;
  if (Array.isArray(value)) return value.map((item) => pruneDeep(item, levels - 1));
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, pruneDeep(item, levels - 1)]));
}

/** A value from a schema (a const, an enum value, a default) as one short JSON text, whatever its depth. */
export const jsonLabel = (value: unknown, levels = 8): string => JSON.stringify(pruneDeep(value, levels)) ?? String(value);

/** An enum's values for one line, the first few only: an enum may have 100,000 values. */
export function jsonChoices(values: readonly unknown[], separator: string, max = 12): string {
  const shown = values.slice(0, max).map((v) => jsonLabel(v)).join(separator);
  return values.length > max ? `${shown}${separator}… (${values.length.toLocaleString('en-US')} values)` : shown;
}

/** JSON.stringify, or undefined for a value it cannot write: it recurses, so a few thousand levels overflow it. */
export function tryJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}
