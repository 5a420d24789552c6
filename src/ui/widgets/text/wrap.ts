import { sanitize } from '../../../util/sanitize.js';

/**
 * Where each row of `line` starts when rows are at most `width` code units: after the
 * last space that fits (the space itself ends the row), else, for a word longer than a
 * row, at `width` (never between the halves of a surrogate pair). Linear: each row looks
 * back at most `width` units, so a 5 MB line without a space costs one pass.
 */
export function rowStarts(line: string, width: number): number[] {
  const room = Math.max(1, width);
  const starts = [0];
  for (let start = 0; line.length - start > room;) {
    let space = start + room;
    while (space > start && line[space] !== ' ') space--;
    let next = space > start ? space + 1 : start + room;
    if (next - start > 1 && /[\ud800-\udbff]/.test(line[next - 1]!)) next--;
    starts.push(next);
    start = next;
  }
  return starts;
}

/** The `row`-th row of a line cut at `starts` (rowStarts), without the space that ended it. */
export function rowOf(line: string, starts: readonly number[], row: number): string {
  const next = starts[row + 1];
  if (next === undefined) return line.slice(starts[row] ?? line.length);
  return line.slice(starts[row], line[next - 1] === ' ' ? next - 1 : next);
}

/** Server text cut into rows of at most `width` characters, at spaces where it can; line breaks kept. */
export function wrapRows(text: string, width: number): string[] {
  return sanitize(text).replaceAll('\t', '  ').split('\n').flatMap((line) => {
    const starts = rowStarts(line, width);
    return starts.map((_, row) => (row < starts.length - 1 ? rowOf(line, starts, row).trimEnd() : rowOf(line, starts, row)));
  });
}

/** At most `max` rows; the last one says how much was left out. */
export function clipRows(rows: string[], max: number): string[] {
  if (rows.length <= max) return rows;
  const kept = rows.slice(0, Math.max(0, max - 1));
  return [...kept, `… ${rows.length - kept.length} more lines`];
}
