import { useState } from 'react';
import { PRIORITY, useKeys } from './useKeys.js';
import { useTextInput, type TextInput } from '../widgets/text/useTextInput.js';

export interface Filter {
  input: TextInput;
  editing: boolean;
  start: () => void;
}

/** `/` to type a filter in place: enter keeps it, esc clears it. */
export function useFilter(active = true): Filter {
  const [editing, setEditing] = useState(false);
  const input = useTextInput('');
  useKeys(['filter'], {
    accept: () => setEditing(false),
    clear: () => {
      input.set('');
      setEditing(false);
    },
  }, { priority: PRIORITY.text, active: active && editing, onText: input.onText });
  return { input, editing, start: () => setEditing(true) };
}
