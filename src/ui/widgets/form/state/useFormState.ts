import { useMemo, useRef, useState } from 'react';
import type { Key } from 'ink';
import { initialValues, toArguments, type FormModel, type FormResult } from '../../../../core/schema/form.js';
import * as edit from './form-state.js';
import { fieldKey, startState, stopsOf, type FormState, type Stop } from './form-state.js';

export interface FormControl {
  state: FormState;
  stops: Stop[];
  /** The arguments the values stand for, and what is wrong with them. */
  result: FormResult;
  move: (delta: number) => void;
  /** For useKeys' onText: true when the focused text field took the key. */
  typeText: (input: string, key: Key) => boolean;
  toggle: () => void;
  choose: (delta: number) => void;
  addItem: () => void;
  removeItem: () => void;
  /** Starts over from these arguments (coming back from raw JSON). */
  replaceArgs: (args: Record<string, unknown>) => void;
  /** The stop focused now (not as last drawn); undefined on the send button. */
  focused: () => Stop | undefined;
  /** The focused field's text now (undefined when it takes no text). */
  text: () => string | undefined;
  /** Replaces the focused field's text, the cursor after it. */
  setText: (text: string) => void;
  /** The arguments as they are now. */
  args: () => Record<string, unknown>;
  /** Checks everything: the arguments when they are fine, else null with every error shown. */
  submit: () => Record<string, unknown> | null;
}

/** The form's state; every action edits the newest state, since keys can come faster than renders. */
export function useFormState(model: FormModel, given?: Record<string, unknown>, onChange?: (args: Record<string, unknown>) => void): FormControl {
  const [state, setState] = useState(() => startState(model, initialValues(model, given)));
  const latest = useRef(state);
  const apply = (next: FormState | null): boolean => {
    if (!next) return false;
    const changed = next.values !== latest.current.values;
    latest.current = next;
    setState(next);
    if (changed && onChange) onChange(toArguments(model, next.values).args);
    return true;
  };
  const result = useMemo(() => toArguments(model, state.values), [model, state.values]);
  const stops = useMemo(() => stopsOf(model.fields, state.values), [model, state.values]);
  const focused = () => stopsOf(model.fields, latest.current.values)[latest.current.focus];
  return {
    state,
    stops,
    result,
    move: (delta) => void apply(edit.move(model, latest.current, delta)),
    typeText: (input, key) => apply(edit.typeText(model, latest.current, input, key)),
    toggle: () => void apply(edit.toggle(model, latest.current)),
    choose: (delta) => void apply(edit.choose(model, latest.current, delta)),
    addItem: () => void apply(edit.addItem(model, latest.current)),
    removeItem: () => void apply(edit.removeItem(model, latest.current)),
    replaceArgs: (args) => void apply(startState(model, initialValues(model, args))),
    focused,
    text: () => edit.textOf(focused(), latest.current.values),
    setText: (text) => void apply(edit.replaceText(model, latest.current, text)),
    args: () => toArguments(model, latest.current.values).args,
    submit: () => {
      const now = latest.current;
      const { args, errors } = toArguments(model, now.values);
      const wrong = Object.keys(errors);
      if (!wrong.length) return args;
      // Go to the first field that needs fixing; errors of no field are shown by the send button.
      const all = stopsOf(model.fields, now.values);
      const first = all.findIndex((s) => wrong.some((k) => k && (fieldKey(s.field) === k || fieldKey(s.field).startsWith(`${k}.`))));
      apply({ ...edit.focusAt(all, now, first < 0 ? all.length : first), attempted: true });
      return null;
    },
  };
}
