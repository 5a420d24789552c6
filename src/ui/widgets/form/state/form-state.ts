import type { Key } from 'ink';
import type { EnumField, Field, FormModel, FormValues, UnionField, VariantField } from '../../../../core/schema/form.js';
import { CHOICE, isTag } from '../../../../core/schema/form-model.js';
import { chosenVariant, getIn, optionIndex, same, setIn } from '../../../../core/schema/form-values.js';
import { editText } from '../../text/text-edit.js';
import { scopeFields } from './form-scope.js';

/**
 * One place the focus can be: a field, one item of a list or of a list of objects (no
 * item: an empty list). A union's stop is its chosen variant's, with the union beside it.
 */
export interface Stop {
  field: Exclude<Field, { kind: 'object' | 'union' }>;
  item?: number;
  union?: UnionField;
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
  /** The items opened, outermost first (each the path of its values); empty: the whole form. */
  scope: string[][];
}

export const fieldKey = (field: Field) => field.path.join('.');

/** The key a stop's errors and touches go by: a union's, not its variant's. */
export const stopKey = (stop: Stop) => fieldKey(stop.union ?? stop.field);

/** A union with an object among its types: its fields are rows of their own, under a choice of type. */
export const hasShapes = (union: UnionField) => union.variants.some((v) => v.kind === 'object');

/** The choice of a union's type as a single select of its type labels; its value is the chosen index. */
export function typeChoice(union: UnionField): EnumField {
  const { path, label, description } = union;
  const options = union.variants.map((v, i) => ({ value: i, label: v.typeLabel }));
  return { kind: 'enum', key: CHOICE, path: [...path, CHOICE], label, required: union.required, schema: {}, options, ...(description && { description }) };
}

/**
 * What a union of objects shows a level in for its chosen type: a shape's fields but its
 * tag (the choice above says it, and it is sent all the same), or the one value of another type.
 */
export const shownOf = (variant: VariantField): Field[] =>
  variant.kind === 'object' ? variant.fields.filter((f) => !isTag(f)) : [{ ...variant, label: variant.typeLabel }];

/** The stops in the order tab visits them; nested fields sit in their object's place. */
export function stopsOf(fields: readonly Field[], values: FormValues): Stop[] {
  return fields.flatMap((field): Stop[] => {
    if (field.kind === 'object') return stopsOf(field.fields, values);
    if (field.kind === 'union') {
      const variant = field.variants[chosenVariant(field, getIn(values, field.path))]!;
      // With an object among the types, the choice is a stop of its own and the chosen type's fields follow it.
      if (hasShapes(field)) return [{ field: typeChoice(field), union: field }, ...stopsOf(shownOf(variant), values)];
      return stopsOf([variant], values).map((stop) => ({ ...stop, union: field }));
    }
    if (field.kind !== 'list' && field.kind !== 'objects') return [{ field }];
    const items = getIn(values, field.path);
    const count = Array.isArray(items) ? items.length : 0;
    return count ? Array.from({ length: count }, (_, item) => ({ field, item })) : [{ field }];
  });
}

/** The stops of the item open now (the whole form when none is). */
export const stopsNow = (model: FormModel, state: FormState) => stopsOf(scopeFields(model.fields, state.scope), state.values);

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
  const state = { values, focus: 0, cursor: 0, touched: {}, attempted: false, scope: [] };
  return { ...state, cursor: endOf(stopsOf(model.fields, values)[0], values) };
}

/** Where the cursor starts on a stop: after its text. */
export const endOf = (stop: Stop | undefined, values: FormValues) => [...(textOf(stop, values) ?? '')].length;

/** Moves the focus; the field it leaves counts as touched. */
export function focusAt(stops: readonly Stop[], state: FormState, index: number): FormState {
  const focus = Math.max(0, Math.min(index, stops.length));
  const left = stops[state.focus];
  const touched = left && focus !== state.focus ? { ...state.touched, [stopKey(left)]: true as const } : state.touched;
  return { ...state, focus, touched, cursor: endOf(stops[focus], state.values) };
}

export function move(model: FormModel, state: FormState, delta: number): FormState {
  return focusAt(stopsNow(model, state), state, state.focus + delta);
}

/** Ctrl+T: the next type of a field that takes several; the focus stays on the field. */
export function nextType(model: FormModel, state: FormState): FormState | null {
  const stops = stopsNow(model, state);
  const union = stops[state.focus]?.union;
  if (!union) return null;
  const key = fieldKey(union);
  const first = stops.findIndex((s) => s.union && fieldKey(s.union) === key);
  const next = (chosenVariant(union, getIn(state.values, union.path)) + 1) % union.variants.length;
  let values = setIn(state.values, [...union.path, CHOICE], next);
  // A type that is one constant (`{ "const": "auto" }`) means that value once chosen.
  const variant = union.variants[next]!;
  if (variant.kind === 'enum' && variant.options.length === 1 && getIn(values, variant.path) === undefined) values = setIn(values, variant.path, variant.options[0]!.value);
  return { ...state, values, focus: first, cursor: endOf(stopsNow(model, { ...state, values })[first], values) };
}

/** A key typed into the focused text; null when the stop is no text or the key is not for it. */
export function typeText(model: FormModel, state: FormState, input: string, key: Key): FormState | null {
  const stop = stopsNow(model, state)[state.focus];
  const value = textOf(stop, state.values);
  if (!stop || value === undefined) return null;
  const next = editText({ value, cursor: state.cursor }, input, key);
  if (!next) return null;
  return { ...state, cursor: next.cursor, values: writeStop(state.values, stop, next.value) };
}

/** The focused text replaced whole (a suggestion taken), the cursor after it; null when the stop is no text. */
export function replaceText(model: FormModel, state: FormState, text: string): FormState | null {
  const stop = stopsNow(model, state)[state.focus];
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
  const stop = stopsNow(model, state)[state.focus];
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
  const stop = stopsNow(model, state)[state.focus];
  if (stop?.field.kind === 'multi') {
    const count = stop.field.options.length;
    return count ? { ...state, cursor: (state.cursor + delta + count) % count } : null;
  }
  if (stop?.field.kind !== 'enum') return null;
  const { field } = stop;
  const at = optionIndex(field.options, getIn(state.values, field.path));
  // "None" (-1) is a place in the cycle for optional choices only; a union always has a type.
  const cycle = [...(field.required || stop.union ? [] : [-1]), ...field.options.keys()];
  const i = cycle.indexOf(at);
  const next = i < 0 ? cycle.at(delta > 0 ? 0 : -1)! : cycle[(i + delta + cycle.length) % cycle.length]!;
  return { ...state, values: setIn(state.values, field.path, next < 0 ? undefined : field.options[next]!.value) };
}
