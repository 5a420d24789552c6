import stringWidth from 'string-width';

/**
 * How many terminal columns text takes, as Ink measures it: a CJK character or an emoji
 * takes two, a combining mark none. Text with control sequences is not measured here.
 */
export const columnsOf = (text: string): number => stringWidth(text);

/** `text` with spaces after it to fill `width` columns. */
export const padColumns = (text: string, width: number): string => text + ' '.repeat(Math.max(0, width - stringWidth(text)));

/** Printable ASCII: one column per code unit, the common case measured without segmenting. */
const ONE_COLUMN_EACH = /^[\x20-\x7e]*$/;
const CONTROL = /[\x00-\x1f\x7f-\x9f]/;
let graphemes: Intl.Segmenter | undefined;

/**
 * The column at which each grapheme of `line` ends, by code unit index (`at[0]` is 0 and
 * `at[i]` is -1 inside a grapheme), or undefined when every code unit is one column.
 * Control characters count a column each, as the pager shows them.
 * Linear in the line; the pager asks only for the lines it shows.
 */
export function columnsAt(line: string): Int32Array | undefined {
  if (ONE_COLUMN_EACH.test(line)) return undefined;
  const at = new Int32Array(line.length + 1).fill(-1);
  at[0] = 0;
  let column = 0;
  for (const { segment, index } of (graphemes ??= new Intl.Segmenter()).segment(line)) {
    const width = segment.length === 1 && segment >= ' ' && segment <= '~' ? 1 : stringWidth(segment);
    // A control character is shown as its picture (␛, sanitize.ts): a column each.
    column += width || (CONTROL.test(segment) ? segment.length : 0);
    at[index + segment.length] = column;
  }
  return at;
}

/**
 * Where a piece of `text` from `start` ends when it may take `room` columns: after as many
 * whole characters as fit, and at least one. `at` is columnsAt(text).
 */
export function fitEnd(text: string, at: Int32Array | undefined, start: number, room: number): number {
  if (!at) return Math.min(text.length, start + Math.max(1, room));
  let end = start;
  for (let i = start + 1; i <= text.length; i++) {
    if (at[i]! < 0) continue;
    if (at[i]! - at[start]! > room && end > start) break;
    end = i;
    if (at[i]! - at[start]! >= room) break;
  }
  return end;
}

/** `text` cut into pieces of at most `width` columns, never inside a character (each piece holds one at least). */
export function cutColumns(text: string, width: number): string[] {
  const at = columnsAt(text);
  const out: string[] = [];
  for (let start = 0; start < text.length; ) {
    const end = fitEnd(text, at, start, width);
    out.push(text.slice(start, end));
    start = end;
  }
  return out;
}
