import { useState } from 'react';
import { PRIORITY, useKeys } from '../../keys/useKeys.js';
import { useTextInput, type TextInput } from '../text/useTextInput.js';

export interface Filter {
  input: TextInput;
  editing: boolean;
  start: () => void;
}

/** `/` to type a filter in place (starting with `initial` applied): enter keeps it, esc clears it (a kept one too, before esc leaves the screen). */
export function useFilter(active = true, initial = ''): Filter {
  const [editing, setEditing] = useState(false);
  const input = useTextInput(initial);
  useKeys(['filter'], {
    accept: () => setEditing(false),
    clear: () => {
      input.set('');
      setEditing(false);
    },
  }, { priority: PRIORITY.text, active: active && editing, onText: input.onText });
  useKeys(['filter'], { clear: () => input.set('') }, { priority: PRIORITY.widget, active: active && !editing && input.value !== '' });
  return { input, editing, start: () => setEditing(true) };
}
