import { useMemo, useRef, useState } from 'react';
import type { Key } from 'ink';
import { argumentsAnyway, initialValues, toArguments, type FormModel, type FormResult } from '../../../../core/schema/form.js';
import { CHOICE } from '../../../../core/schema/form-model.js';
import * as edit from './form-state.js';
import * as items from './form-items.js';
import { startState, stopKey, stopsNow, type FormState, type Stop } from './form-state.js';

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
  nextType: () => void;
  addItem: () => void;
  removeItem: () => void;
  openItem: () => void;
  closeItem: () => void;
  /** Starts over from these arguments (coming back from raw JSON). */
  replaceArgs: (args: Record<string, unknown>) => void;
  /** The stop focused now (not as last drawn); undefined on the send button. */
  focused: () => Stop | undefined;
  /** Whether an item of a list of objects is open now. */
  inItem: () => boolean;
  /** The focused field's text now (undefined when it takes no text). */
  text: () => string | undefined;
  /** Replaces the focused field's text, the cursor after it. */
  setText: (text: string) => void;
  /** The arguments as they are now. */
  args: () => Record<string, unknown>;
  /** Checks everything: the arguments when they are fine, else null with every error shown. */
  submit: () => Record<string, unknown> | null;
  /** A send was refused and the form shows what is wrong: sending anyway is offered. */
  refused: () => boolean;
  /** The arguments as typed, wrong or not, and what the schema says is wrong with them. */
  anyway: () => { args: Record<string, unknown>; problems: string[] };
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
  const stops = useMemo(() => stopsNow(model, state), [model, state]);
  const focused = () => stopsNow(model, latest.current)[latest.current.focus];
  return {
    state,
    stops,
    result,
    move: (delta) => void apply(edit.move(model, latest.current, delta)),
    typeText: (input, key) => apply(edit.typeText(model, latest.current, input, key)),
    toggle: () => void apply(edit.toggle(model, latest.current)),
    choose: (delta) => void apply(edit.choose(model, latest.current, delta)),
    nextType: () => void apply(edit.nextType(model, latest.current)),
    addItem: () => void apply(items.addItem(model, latest.current)),
    removeItem: () => void apply(items.removeItem(model, latest.current)),
    openItem: () => void apply(items.openItem(model, latest.current)),
    closeItem: () => void apply(items.closeItem(model, latest.current)),
    replaceArgs: (args) => void apply(startState(model, initialValues(model, args))),
    focused,
    inItem: () => latest.current.scope.length > 0,
    text: () => edit.textOf(focused(), latest.current.values),
    setText: (text) => void apply(edit.replaceText(model, latest.current, text)),
    args: () => toArguments(model, latest.current.values).args,
    submit: () => {
      const { args, errors } = toArguments(model, latest.current.values);
      const wrong = Object.keys(errors);
      if (!wrong.length) return args;
      // Go to the first field that needs fixing, out of the open items until one is in view;
      // errors of no field are shown by the send button.
      // A union's choice of type holds its own problems only: those of the chosen shape's fields are theirs.
      const inside = (stop: Stop, k: string) => stop.field.key !== CHOICE && k.startsWith(`${stopKey(stop)}${stop.field.kind === 'objects' && stop.item !== undefined ? `.${stop.item}` : ''}.`);
      const at = (stop: Stop) => wrong.some((k) => k && (stopKey(stop) === k || inside(stop, k)));
      let now = latest.current;
      let first = stopsNow(model, now).findIndex(at);
      while (first < 0 && now.scope.length) {
        now = items.closeItem(model, now)!;
        first = stopsNow(model, now).findIndex(at);
      }
      const all = stopsNow(model, now);
      apply({ ...edit.focusAt(all, now, first < 0 ? all.length : first), attempted: true });
      return null;
    },
    refused: () => latest.current.attempted && Object.keys(toArguments(model, latest.current.values).errors).length > 0,
    anyway: () => argumentsAnyway(model, latest.current.values),
  };
}
