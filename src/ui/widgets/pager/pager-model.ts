import { rowCuts, rowOf, type RowCuts } from '../text/wrap.js';

/**
 * A pager over text of any size: lines are split once, but only the lines in view are
 * wrapped (at word boundaries) and their rows sanitized, so the first page of a 10 MB
 * result costs about as much as one of 10 KB. Past `PAGER_LIMITS.chars` the text is cut (and the status line says
 * so), and a search stops at `PAGER_LIMITS.matches` occurrences: memory and time stay bounded
 * whatever a server sends.
 */
// Above what a result view builds (2 MiB of blocks and 2 MiB of structured content).
export const PAGER_LIMITS = { chars: 5 * 2 ** 20, matches: 10_000 };

/** The text the pager holds: all of it, or its start and the whole length. */
export function pagerText(text: string): { text: string; total?: number } {
  return text.length > PAGER_LIMITS.chars ? { text: text.slice(0, PAGER_LIMITS.chars), total: text.length } : { text };
}

export interface Position {
  line: number;
  /** The wrapped row within the line. */
  row: number;
}

/** Tabs become two spaces before anything is cut or searched, so rows, matches and the terminal agree. */
export function splitLines(text: string): string[] {
  return text.replaceAll('\t', '  ').split(/\r?\n/);
}

/**
 * The lines cut into rows `width` wide at word boundaries (rowCuts), each line when it
 * is first looked at, then kept: scrolling through a 5 MB line cuts it once.
 */
export interface Rows {
  lines: readonly string[];
  /** How many rows the line takes. */
  count: (line: number) => number;
  /** The row's text (the view truncates wide characters). */
  text: (at: Position) => string;
  /** The row of `line` that holds the code unit at `offset`. */
  rowAt: (line: number, offset: number) => number;
}

export function wrapLines(lines: readonly string[], width: number): Rows {
  const cut = new Map<number, RowCuts>();
  const cuts = (i: number) => {
    const line = lines[i] ?? '';
    // Most lines fit: they need no entry (no character takes more than two columns a code unit).
    if (line.length * 2 <= width) return { starts: [0], ends: [line.length] };
    let known = cut.get(i);
    if (!known) cut.set(i, (known = rowCuts(line, width)));
    return known;
  };
  return {
    lines,
    count: (i) => cuts(i).starts.length,
    text: ({ line, row }) => rowOf(lines[line] ?? '', cuts(line), row),
    rowAt: (line, offset) => {
      // The last row starting at or before the offset (a binary search: a 5 MB line has 65,000 rows).
      const { starts } = cuts(line);
      let [low, high] = [0, starts.length - 1];
      while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        if (starts[mid]! <= offset) low = mid;
        else high = mid - 1;
      }
      return low;
    },
  };
}

/** Moves by `delta` rows (either way), stopping at the ends. */
export function scroll(rows: Rows, at: Position, delta: number): Position {
  let { line, row } = at;
  const last = rows.lines.length - 1;
  for (let left = Math.abs(delta); left > 0; left--) {
    if (delta > 0) {
      if (row + 1 < rows.count(line)) row++;
      else if (line < last) (line++, (row = 0));
      else break;
    } else if (row > 0) row--;
    else if (line > 0) (line--, (row = rows.count(line) - 1));
    else break;
  }
  return { line, row };
}

/** The last position that still fills the view, so paging never scrolls past the end. */
export function lastTop(rows: Rows, height: number): Position {
  const line = rows.lines.length - 1;
  return scroll(rows, { line, row: rows.count(line) - 1 }, -(height - 1));
}

export function before(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.row < b.row);
}

/** Where an occurrence of the needle starts: its line and its offset in it. */
export interface Match {
  line: number;
  at: number;
}

/**
 * Every occurrence of the needle (case-insensitive, not overlapping), in order, the first
 * `max` of them: one pass over the text. Offsets are in the lower-cased line, which is
 * the line itself but for the rare letters whose lower case is longer (they only shift
 * which row a match is shown on, by a little).
 */
export function findMatches(lines: readonly string[], needle: string, max = PAGER_LIMITS.matches): Match[] {
  const n = needle.toLowerCase();
  if (!n) return [];
  const found: Match[] = [];
  for (let line = 0; line < lines.length && found.length < max; line++) {
    const text = lines[line]!.toLowerCase();
    for (let at = text.indexOf(n); at !== -1 && found.length < max; at = text.indexOf(n, at + n.length)) found.push({ line, at });
  }
  return found;
}

/** A row cut around every occurrence of the needle (case-insensitive), so the view can mark each one. */
export function markNeedle(text: string, needle: string): { text: string; marked: boolean }[] {
  const lower = text.toLowerCase();
  const n = needle.toLowerCase();
  const parts = [];
  let from = 0;
  for (let at = n ? lower.indexOf(n) : -1; at !== -1; at = lower.indexOf(n, from)) {
    parts.push({ text: text.slice(from, at), marked: false }, { text: text.slice(at, at + n.length), marked: true });
    from = at + n.length;
  }
  return [...parts, { text: text.slice(from), marked: false }];
}
