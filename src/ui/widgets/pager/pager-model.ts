import { rowOf, rowStarts } from '../text/wrap.js';

/**
 * A pager over text of any size: lines are split once, but only the lines in view are
 * wrapped (at word boundaries) and their rows sanitized, so the first page of a 10 MB
 * result costs about as much as one of 10 KB. Past `PAGER_LIMITS.chars` the text is cut (and the status line says
 * so), and a search stops at `PAGER_LIMITS.matches`: memory and time stay bounded
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

export function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}

/**
 * The lines cut into rows `width` wide at word boundaries (rowStarts), each line when it
 * is first looked at, then kept: scrolling through a 5 MB line cuts it once.
 */
export interface Rows {
  lines: readonly string[];
  /** How many rows the line takes. */
  count: (line: number) => number;
  /** The row's text (tabs as two spaces; the view truncates wide characters). */
  text: (at: Position) => string;
}

export function wrapLines(lines: readonly string[], width: number): Rows {
  const cut = new Map<number, number[]>();
  const starts = (i: number) => {
    const line = lines[i] ?? '';
    // Most lines fit: they need no entry.
    if (line.length <= width) return [0];
    let known = cut.get(i);
    if (!known) cut.set(i, (known = rowStarts(line, width)));
    return known;
  };
  return {
    lines,
    count: (i) => starts(i).length,
    text: ({ line, row }) => rowOf(lines[line] ?? '', starts(line), row).replaceAll('\t', '  '),
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

/** Lines that contain the needle (case-insensitive), the first `max` of them. */
export function findMatches(lines: readonly string[], needle: string, max = PAGER_LIMITS.matches): number[] {
  const n = needle.toLowerCase();
  if (!n) return [];
  const found: number[] = [];
  for (let i = 0; i < lines.length && found.length < max; i++) if (lines[i]!.toLowerCase().includes(n)) found.push(i);
  return found;
}
