import { useRef, useState } from 'react';
import type { Key } from 'ink';
import { editText, type TextState } from './text-edit.js';

export interface TextInput extends TextState {
  set: (value: string) => void;
  /** For useKeys' onText: true when the key was taken by the field. */
  onText: (input: string, key: Key) => boolean;
}

export function useTextInput(initial = '', onChange?: (value: string) => void): TextInput {
  const [state, setState] = useState<TextState>({ value: initial, cursor: [...initial].length });
  // Keys can arrive faster than renders: edit the newest state, not the rendered one.
  const latest = useRef(state);
  const apply = (next: TextState) => {
    const changed = next.value !== latest.current.value;
    latest.current = next;
    setState(next);
    if (changed) onChange?.(next.value);
  };
  return {
    ...state,
    set: (value) => apply({ value, cursor: [...value].length }),
    onText: (input, key) => {
      const next = editText(latest.current, input, key);
      if (!next) return false;
      apply(next);
      return true;
    },
  };
}
