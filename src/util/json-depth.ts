import { isRecord } from './is-record.js';
import { formatCount } from './text.js';

/**
 * Levels of a value written out for a person; deeper is cut with a marker. JSON.stringify
 * recurses and overflows the stack a few thousand levels down, and a value 500 deep is
 * hostile or broken: no one reads that far.
 */
export const SHOWN_DEPTH = 500;

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

/** What stands in for a value cut off by pruneDeep or boundedJson: how deep it went. */
export const deepMarker = (value: unknown): string => `⟨${formatCount(nestingDepth(value))} more levels, not shown⟩`;

/**
 * A copy of `value` cut `levels` deep, for showing: what lies deeper becomes deepMarker's
 * string. Recursion is fine here, as it stops at `levels`.
 */
export function pruneDeep(value: unknown, levels: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (levels <= 0) return deepMarker(value);
  if (Array.isArray(value)) return value.map((item) => pruneDeep(item, levels - 1));
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, pruneDeep(item, levels - 1)]));
}
