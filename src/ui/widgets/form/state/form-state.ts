import type { Key } from 'ink';
import type { Field, FormModel, FormValues } from '../../../../core/schema/form.js';
import { getIn, optionIndex, same, setIn } from '../../../../core/schema/form-values.js';
import { editText } from '../../text/text-edit.js';

/** One place the focus can be: a field, or one item of a list (no item: an empty list). */
export interface Stop {
  field: Exclude<Field, { kind: 'object' }>;
  item?: number;
}

export interface FormState {
  values: FormValues;
  /** Index into the stops; stops.length is the send button. */
  focus: number;
  /** The text cursor in a text field, or the option under the cursor in a multi-select. */
  cursor: number;
  /** Fields the focus has left: their errors show. */
  touched: Record<string, true>;
  /** A send was refused: every error shows. */
  attempted: boolean;
}

export const fieldKey = (field: Field) => field.path.join('.');

/** The stops in the order tab visits them; nested fields sit in their object's place. */
export function stopsOf(fields: readonly Field[], values: FormValues): Stop[] {
  return fields.flatMap((field): Stop[] => {
    if (field.kind === 'object') return stopsOf(field.fields, values);
    if (field.kind !== 'list') return [{ field }];
    const items = getIn(values, field.path);
    const count = Array.isArray(items) ? items.length : 0;
    return count ? Array.from({ length: count }, (_, item) => ({ field, item })) : [{ field }];
  });
}

/** The text a stop edits, or undefined when it is not edited as text. */
export function textOf(stop: Stop | undefined, values: FormValues): string | undefined {
  if (!stop) return undefined;
  const { field, item } = stop;
  if (field.kind === 'list') {
    if (item === undefined || field.item === 'boolean') return undefined;
    return String((getIn(values, field.path) as unknown[])[item] ?? '');
  }
  if (field.kind === 'string' || field.kind === 'number' || field.kind === 'integer' || field.kind === 'json') {
    const v = getIn(values, field.path);
    return typeof v === 'string' ? v : '';
  }
  return undefined;
}

export function startState(model: FormModel, values: FormValues): FormState {
  const state = { values, focus: 0, cursor: 0, touched: {}, attempted: false };
  return { ...state, cursor: endOf(stopsOf(model.fields, values)[0], values) };
}

/** Where the cursor starts on a stop: after its text. */
const endOf = (stop: Stop | undefined, values: FormValues) => [...(textOf(stop, values) ?? '')].length;

/** Moves the focus; the field it leaves counts as touched. */
export function focusAt(stops: readonly Stop[], state: FormState, index: number): FormState {
  const focus = Math.max(0, Math.min(index, stops.length));
  const left = stops[state.focus];
  const touched = left && focus !== state.focus ? { ...state.touched, [fieldKey(left.field)]: true as const } : state.touched;
  return { ...state, focus, touched, cursor: endOf(stops[focus], state.values) };
}

export function move(model: FormModel, state: FormState, delta: number): FormState {
  return focusAt(stopsOf(model.fields, state.values), state, state.focus + delta);
}

/** A key typed into the focused text; null when the stop is no text or the key is not for it. */
export function typeText(model: FormModel, state: FormState, input: string, key: Key): FormState | null {
  const stop = stopsOf(model.fields, state.values)[state.focus];
  const value = textOf(stop, state.values);
  if (!stop || value === undefined) return null;
  const next = editText({ value, cursor: state.cursor }, input, key);
  if (!next) return null;
  return { ...state, cursor: next.cursor, values: writeStop(state.values, stop, next.value) };
}

/** The focused text replaced whole (a suggestion taken), the cursor after it; null when the stop is no text. */
export function replaceText(model: FormModel, state: FormState, text: string): FormState | null {
  const stop = stopsOf(model.fields, state.values)[state.focus];
  if (!stop || textOf(stop, state.values) === undefined) return null;
  return { ...state, cursor: [...text].length, values: writeStop(state.values, stop, text) };
}

function writeStop(values: FormValues, stop: Stop, value: unknown): FormValues {
  if (stop.field.kind !== 'list' || stop.item === undefined) return setIn(values, stop.field.path, value);
  const items = [...(getIn(values, stop.field.path) as unknown[])];
  items[stop.item] = value;
  return setIn(values, stop.field.path, items);
}

/** Space: flips a checkbox or a boolean item, picks the next choice, or ticks the option under the cursor. */
export function toggle(model: FormModel, state: FormState): FormState | null {
  const stop = stopsOf(model.fields, state.values)[state.focus];
  if (!stop) return null;
  const { field } = stop;
  const value = getIn(state.values, field.path);
  if (field.kind === 'boolean') {
    // An optional checkbox with no default also has "not set", which sends nothing; with a
    // default, not sending it means the default, so yes and no are enough.
    const unset = !field.required && !('default' in field);
    const next = value === undefined ? true : value === true ? false : unset ? undefined : true;
    return { ...state, values: setIn(state.values, field.path, next) };
  }
  if (field.kind === 'list' && field.item === 'boolean' && stop.item !== undefined) {
    const current = (value as unknown[])[stop.item];
    return { ...state, values: writeStop(state.values, stop, current === 'true' ? 'false' : 'true') };
  }
  if (field.kind === 'enum') return choose(model, state, 1);
  if (field.kind === 'multi') {
    const option = field.options[state.cursor];
    if (!option) return null;
    const chosen: unknown[] = Array.isArray(value) ? value : [];
    const on = chosen.some((v) => same(v, option.value));
    const next = on ? chosen.filter((v) => !same(v, option.value)) : [...chosen, option.value];
    return { ...state, values: setIn(state.values, field.path, next) };
  }
  return null;
}

/** Left/right: the previous or next choice of a single select, or the option cursor of a multi-select. */
export function choose(model: FormModel, state: FormState, delta: number): FormState | null {
  const stop = stopsOf(model.fields, state.values)[state.focus];
  if (stop?.field.kind === 'multi') {
    const count = stop.field.options.length;
    return count ? { ...state, cursor: (state.cursor + delta + count) % count } : null;
  }
  if (stop?.field.kind !== 'enum') return null;
  const { field } = stop;
  const at = optionIndex(field.options, getIn(state.values, field.path));
  // "None" (-1) is a place in the cycle for optional choices only.
  const cycle = [...(field.required ? [] : [-1]), ...field.options.keys()];
  const i = cycle.indexOf(at);
  const next = i < 0 ? cycle.at(delta > 0 ? 0 : -1)! : cycle[(i + delta + cycle.length) % cycle.length]!;
  return { ...state, values: setIn(state.values, field.path, next < 0 ? undefined : field.options[next]!.value) };
}

/** Ctrl+N: a new item after the one under the cursor, focused. */
export function addItem(model: FormModel, state: FormState): FormState | null {
  const stop = stopsOf(model.fields, state.values)[state.focus];
  if (stop?.field.kind !== 'list') return null;
  const items = [...((getIn(state.values, stop.field.path) as unknown[] | undefined) ?? [])];
  const at = stop.item === undefined ? 0 : stop.item + 1;
  items.splice(at, 0, stop.field.item === 'boolean' ? 'false' : '');
  const values = setIn(state.values, stop.field.path, items);
  const focus = state.focus + (stop.item === undefined ? 0 : 1);
  return { ...state, values, focus, cursor: 0 };
}

/** Ctrl+D: removes the item under the cursor; the focus stays in the list. */
export function removeItem(model: FormModel, state: FormState): FormState | null {
  const stop = stopsOf(model.fields, state.values)[state.focus];
  if (stop?.field.kind !== 'list' || stop.item === undefined) return null;
  const items = (getIn(state.values, stop.field.path) as unknown[]).filter((_, i) => i !== stop.item);
  const values = setIn(state.values, stop.field.path, items);
  const focus = state.focus - (stop.item > 0 && stop.item === items.length ? 1 : 0);
  return { ...state, values, focus, cursor: endOf(stopsOf(model.fields, values)[focus], values) };
}
