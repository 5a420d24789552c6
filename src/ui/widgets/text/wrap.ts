import { sanitize } from '../../../util/sanitize.js';

/** Where the rows of a line start and end: row `i` is `line.slice(starts[i], ends[i])`. */
export interface RowCuts {
  starts: number[];
  ends: number[];
}

/**
 * A line cut into rows of at most `width` code units: after the last word that fits,
 * the spaces between it and the next word dropped (no row starts or ends with the space
 * it broke at); a word longer than a row is cut at `width`, never between the halves of
 * a surrogate pair. Linear: each row looks back at most `width` units, so a 5 MB line
 * without a space costs one pass. The pager and wrapRows both cut here, so they agree.
 */
export function rowCuts(line: string, width: number): RowCuts {
  const room = Math.max(1, width);
  const starts = [0];
  const ends: number[] = [];
  for (let start = 0; line.length - start > room;) {
    // The first space of a run, after a word: a line's own indent is no place to break.
    let space = start + room;
    while (space > start && !(line[space] === ' ' && line[space - 1] !== ' ')) space--;
    let next = space;
    if (space > start) while (line[next] === ' ') next++;
    else {
      next = start + room;
      if (next - start > 1 && /[\ud800-\udbff]/.test(line[next - 1]!)) next--;
    }
    ends.push(space > start ? space : next);
    // Spaces that end the line make no row of their own.
    if (next === line.length) return { starts, ends };
    starts.push(next);
    start = next;
  }
  ends.push(line.length);
  return { starts, ends };
}

/** The `row`-th row of a line cut at `cuts` (rowCuts). */
export function rowOf(line: string, cuts: RowCuts, row: number): string {
  return line.slice(cuts.starts[row] ?? line.length, cuts.ends[row] ?? line.length);
}

/** Server text cut into rows of at most `width` characters, at spaces where it can; line breaks kept. */
export function wrapRows(text: string, width: number): string[] {
  return sanitize(text).replaceAll('\t', '  ').split('\n').flatMap((line) => {
    const cuts = rowCuts(line, width);
    return cuts.starts.map((_, row) => rowOf(line, cuts, row));
  });
}

/** A value beside its label, in rows of `width`: the value's further rows start under it, not under the label. */
export function fieldRows(label: string, value: string, width: number, labelWidth: number): string[] {
  return wrapRows(value, width - labelWidth).map((text, i) => `${(i ? '' : label).padEnd(labelWidth)}${text}`);
}

/** At most `max` rows; the last one says how much was left out. */
export function clipRows(rows: string[], max: number): string[] {
  if (rows.length <= max) return rows;
  const kept = rows.slice(0, Math.max(0, max - 1));
  return [...kept, `… ${rows.length - kept.length} more lines`];
}
