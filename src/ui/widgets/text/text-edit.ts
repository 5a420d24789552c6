import type { Key } from 'ink';

export interface TextState {
  value: string;
  cursor: number;
}

// Control characters never enter a field: line breaks inside a paste become spaces,
// the ones around it (a copied line ends with one) go.
const printable = (input: string) => input.replace(/^[\r\n]+|[\r\n]+$/g, '').replace(/[\r\n\t]+/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '');

/** Applies one key press to a single-line field; null when the key is not for the field. */
export function editText(state: TextState, input: string, key: Key): TextState | null {
  const { value, cursor } = state;
  const chars = [...value];
  if (key.leftArrow) return { value, cursor: Math.max(0, cursor - 1) };
  if (key.rightArrow) return { value, cursor: Math.min(chars.length, cursor + 1) };
  if (key.home || (key.ctrl && input === 'a')) return { value, cursor: 0 };
  if (key.end || (key.ctrl && input === 'e')) return { value, cursor: chars.length };
  if (key.ctrl && input === 'u') return { value: chars.slice(cursor).join(''), cursor: 0 };
  if (key.backspace || key.delete) {
    if (cursor === 0) return state;
    return { value: [...chars.slice(0, cursor - 1), ...chars.slice(cursor)].join(''), cursor: cursor - 1 };
  }
  if (key.ctrl || key.meta || key.return || key.escape || key.tab || key.upArrow || key.downArrow || key.pageUp || key.pageDown) return null;
  const text = printable(input);
  if (!text) return null;
  const added = [...text];
  return { value: [...chars.slice(0, cursor), ...added, ...chars.slice(cursor)].join(''), cursor: cursor + added.length };
}
