import type { FormModel } from '../../../../core/schema/form.js';
import { getIn, itemValues, setIn } from '../../../../core/schema/form-values.js';
import { endOf, fieldKey, stopsNow, type FormState } from './form-state.js';

/** Ctrl+N: a new item after the one under the cursor, focused; a new object is opened to fill in. */
export function addItem(model: FormModel, state: FormState): FormState | null {
  const stop = stopsNow(model, state)[state.focus];
  if (stop?.field.kind !== 'list' && stop?.field.kind !== 'objects') return null;
  const { field } = stop;
  const items = [...((getIn(state.values, field.path) as unknown[] | undefined) ?? [])];
  const at = stop.item === undefined ? 0 : stop.item + 1;
  items.splice(at, 0, field.kind === 'objects' ? itemValues(field, at) : field.item === 'boolean' ? 'false' : '');
  const values = setIn(state.values, field.path, items);
  const focus = state.focus + (stop.item === undefined ? 0 : 1);
  const added = { ...state, values, focus, cursor: 0 };
  return field.kind === 'objects' ? openItem(model, added) : added;
}

/** Ctrl+D: removes the item under the cursor; the focus stays in the list. */
export function removeItem(model: FormModel, state: FormState): FormState | null {
  const stop = stopsNow(model, state)[state.focus];
  if ((stop?.field.kind !== 'list' && stop?.field.kind !== 'objects') || stop.item === undefined) return null;
  const items = (getIn(state.values, stop.field.path) as unknown[]).filter((_, i) => i !== stop.item);
  const values = setIn(state.values, stop.field.path, items);
  // The removed item's errors and touches go with it; later items' keys shift, so they are forgotten too.
  const prefix = `${fieldKey(stop.field)}.`;
  const touched = stop.field.kind === 'objects' ? Object.fromEntries(Object.entries(state.touched).filter(([k]) => !k.startsWith(prefix))) : state.touched;
  const focus = state.focus - (stop.item > 0 && stop.item === items.length ? 1 : 0);
  const next = { ...state, values, touched, focus };
  return { ...next, cursor: endOf(stopsNow(model, next)[focus], values) };
}

/** Enter on an item of a list of objects: its fields, alone, the first focused. */
export function openItem(model: FormModel, state: FormState): FormState | null {
  const stop = stopsNow(model, state)[state.focus];
  if (stop?.field.kind !== 'objects' || stop.item === undefined) return null;
  const next = { ...state, scope: [...state.scope, [...stop.field.path, String(stop.item)]], focus: 0 };
  return { ...next, cursor: endOf(stopsNow(model, next)[0], next.values) };
}

/** Esc in an open item: back to its list, on the item. */
export function closeItem(model: FormModel, state: FormState): FormState | null {
  const open = state.scope.at(-1);
  if (!open) return null;
  const next = { ...state, scope: state.scope.slice(0, -1) };
  const listKey = open.slice(0, -1).join('.');
  const item = Number(open.at(-1));
  const focus = stopsNow(model, next).findIndex((s) => s.field.kind === 'objects' && fieldKey(s.field) === listKey && (s.item ?? 0) === item);
  // Leaving the item counts as leaving its fields: their errors show on its row.
  return { ...next, focus: Math.max(0, focus), cursor: 0, touched: { ...next.touched, [open.join('.')]: true } };
}
