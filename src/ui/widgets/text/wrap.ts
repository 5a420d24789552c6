import { columnsAt, fitEnd } from '../../../util/columns.js';
import { sanitize } from '../../../util/sanitize.js';

/** Where the rows of a line start and end: row `i` is `line.slice(starts[i], ends[i])`. */
export interface RowCuts {
  starts: number[];
  ends: number[];
}

/**
 * A line cut into rows of at most `width` columns: after the last word that fits, the
 * spaces between it and the next word dropped (no row starts or ends with the space it
 * broke at); a word longer than a row is cut where the row is full, never inside a
 * character (a surrogate pair, an emoji sequence, a letter and its accent). A CJK
 * character or an emoji takes two columns. Linear: each row looks back at most over
 * itself, so a 5 MB line without a space costs one pass. The pager and wrapRows both cut
 * here, so they agree.
 */
export function rowCuts(line: string, width: number): RowCuts {
  const room = Math.max(1, width);
  const at = columnsAt(line);
  const starts = [0];
  const ends: number[] = [];
  for (let start = 0; ; ) {
    const full = fitEnd(line, at, start, room);
    if (full === line.length) break;
    // The first space of a run, after a word: a line's own indent is no place to break.
    let space = full;
    while (space > start && !(line[space] === ' ' && line[space - 1] !== ' ')) space--;
    const broke = space > start;
    let next = broke ? space : full;
    // The spaces it broke at, whole characters only (a space may carry an accent).
    if (broke) while (line[next] === ' ' && (!at || at[next + 1]! >= 0)) next++;
    ends.push(broke ? space : full);
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

/** Server text cut into rows of at most `width` columns, at spaces where it can; line breaks kept. */
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
