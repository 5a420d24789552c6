/**
 * A pager over text of any size: lines are split once, but only the rows in view are
 * wrapped and sanitized, so the first page of a 10 MB result costs about as much as
 * one of 10 KB. Past `PAGER_LIMITS.chars` the text is cut (and the status line says
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

export function rowCount(line: string, width: number): number {
  return Math.max(1, Math.ceil(line.length / Math.max(1, width)));
}

/** The `row`-th slice of a line `width` code units wide (the view truncates wide characters). */
export function rowText(line: string, row: number, width: number): string {
  return line.slice(row * width, (row + 1) * width).replaceAll('\t', '  ');
}

/** Moves by `delta` rows (either way), stopping at the ends. */
export function scroll(lines: readonly string[], at: Position, delta: number, width: number): Position {
  let { line, row } = at;
  for (let left = Math.abs(delta); left > 0; left--) {
    if (delta > 0) {
      if (row + 1 < rowCount(lines[line] ?? '', width)) row++;
      else if (line + 1 < lines.length) (line++, (row = 0));
      else break;
    } else if (row > 0) row--;
    else if (line > 0) (line--, (row = rowCount(lines[line] ?? '', width) - 1));
    else break;
  }
  return { line, row };
}

/** The last position that still fills the view, so paging never scrolls past the end. */
export function lastTop(lines: readonly string[], height: number, width: number): Position {
  const end = { line: lines.length - 1, row: rowCount(lines.at(-1) ?? '', width) - 1 };
  return scroll(lines, end, -(height - 1), width);
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
