/**
 * One place that shares a column of rows between the parts stacked in it, so no screen
 * subtracts heights by hand (and a header that grows a row cannot push a screen far
 * away off by one).
 *
 * A screen names its parts and gets back the rows of each:
 * - a fixed part is its row count, its lines (an array: one row each) or whether it
 *   shows at all (true: one row, false: none);
 * - a part that grows is `{ min, max }`: it always gets `min` rows (default 0), and
 *   then up to `max` (default: all that is left).
 *
 * The rule: fixed parts first, then every growing part its least, then what is left
 * goes to the growing parts up to their most, in the order they are listed. List the
 * parts in the order they should be served (the part that takes the rest last, usually).
 * Least sizes are kept even when they do not fit: the frame then overflows, as a
 * terminal too small for the screen must.
 */

interface Grow {
  min?: number;
  max?: number;
}

export type Part = number | boolean | readonly unknown[] | Grow;

const fixedRows = (part: Exclude<Part, Grow>): number =>
  typeof part === 'number' ? Math.max(0, part) : typeof part === 'boolean' ? Number(part) : part.length;

const isGrow = (part: Part): part is Grow => typeof part === 'object' && !Array.isArray(part);

export function stackRows<K extends string>(total: number, parts: Record<K, Part>): Record<K, number> {
  const names = Object.keys(parts) as K[];
  const rows = {} as Record<K, number>;
  let left = total;
  for (const name of names) {
    const part = parts[name];
    rows[name] = isGrow(part) ? Math.max(0, part.min ?? 0) : fixedRows(part);
    left -= rows[name];
  }
  for (const name of names) {
    const part = parts[name];
    if (!isGrow(part) || left <= 0) continue;
    const more = Math.min(left, Math.max(0, (part.max ?? Infinity) - rows[name]));
    rows[name] += more;
    left -= more;
  }
  return rows;
}
