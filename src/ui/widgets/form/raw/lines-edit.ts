import type { Key } from 'ink';

/** A small multi-line text: the cursor is a row and a column, both in characters. */
export interface LinesState {
  lines: string[][];
  row: number;
  col: number;
}

export function toLines(text: string): LinesState {
  const lines = text.split('\n').map((line) => [...line]);
  return { lines, row: 0, col: 0 };
}

export const linesText = (state: LinesState) => state.lines.map((l) => l.join('')).join('\n');

// A paste keeps its line breaks; other control characters never enter the text.
const clean = (input: string) => input.replace(/\r\n?/g, '\n').replace(/\t/g, '  ').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '');

/** Applies one key press; null when the key is not for the editor. */
export function editLines(state: LinesState, input: string, key: Key): LinesState | null {
  const { lines, row, col } = state;
  const line = lines[row] ?? [];
  const at = (r: number, c: number): LinesState => ({ lines, row: r, col: Math.max(0, Math.min(c, lines[r]!.length)) });
  if (key.upArrow) return row > 0 ? at(row - 1, col) : at(row, 0);
  if (key.downArrow) return row < lines.length - 1 ? at(row + 1, col) : at(row, line.length);
  if (key.leftArrow) return col > 0 ? at(row, col - 1) : row > 0 ? at(row - 1, lines[row - 1]!.length) : state;
  if (key.rightArrow) return col < line.length ? at(row, col + 1) : row < lines.length - 1 ? at(row + 1, 0) : state;
  if (key.home || (key.ctrl && input === 'a')) return at(row, 0);
  if (key.end || (key.ctrl && input === 'e')) return at(row, line.length);
  if (key.backspace || key.delete) {
    if (col > 0) return replace(state, row, [[...line.slice(0, col - 1), ...line.slice(col)]], row, col - 1);
    if (row === 0) return state;
    const above = lines[row - 1]!;
    return { lines: [...lines.slice(0, row - 1), [...above, ...line], ...lines.slice(row + 1)], row: row - 1, col: above.length };
  }
  if (key.return) {
    // The new line starts as indented as this one, as JSON is usually written.
    const indent = line.slice(0, line.findIndex((c) => c !== ' ') < 0 ? line.length : line.findIndex((c) => c !== ' '));
    const rest = [...indent, ...line.slice(col)];
    return { lines: [...lines.slice(0, row), line.slice(0, col), rest, ...lines.slice(row + 1)], row: row + 1, col: indent.length };
  }
  if (key.tab) return insert(state, '  ');
  if (key.ctrl || key.meta || key.escape || key.pageUp || key.pageDown) return null;
  const text = clean(input);
  return text ? insert(state, text) : null;
}

function insert(state: LinesState, text: string): LinesState {
  const { lines, row, col } = state;
  const line = lines[row] ?? [];
  const parts = text.split('\n').map((p) => [...p]);
  const head = [...line.slice(0, col), ...parts[0]!];
  const tail = line.slice(col);
  if (parts.length === 1) return replace(state, row, [[...head, ...tail]], row, head.length);
  const last = parts.at(-1)!;
  const added = [head, ...parts.slice(1, -1), [...last, ...tail]];
  return replace(state, row, added, row + added.length - 1, last.length);
}

function replace(state: LinesState, row: number, added: string[][], newRow: number, newCol: number): LinesState {
  return { lines: [...state.lines.slice(0, row), ...added, ...state.lines.slice(row + 1)], row: newRow, col: newCol };
}
