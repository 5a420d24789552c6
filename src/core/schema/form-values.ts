import { isRecord, plainRecord } from '../../util/is-record.js';
import { stringifyWhole } from '../../util/json.js';
import { CHOICE, ITEM, variantKey, type Field, type FormModel, type FormValues, type ObjectListField, type Option, type UnionField } from './form-model.js';

const has = (o: unknown, key: string): o is Record<string, unknown> => isRecord(o) && Object.hasOwn(o, key);

/** The value at `path` in nested form values (an index into a list of objects is a key too). */
export function getIn(values: FormValues, path: readonly string[]): unknown {
  let at: unknown = values;
  for (const key of path) at = isRecord(at) ? at[key] : Array.isArray(at) ? at[Number(key)] : undefined;
  return at;
}

/** A copy of `values` with `value` at `path`, making the objects on the way. */
export function setIn(values: FormValues, path: readonly string[], value: unknown): FormValues {
  return setAt(values, path, value) as FormValues;
}

function setAt(container: unknown, path: readonly string[], value: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return container;
  if (Array.isArray(container)) {
    const copy = [...container];
    const i = Number(key);
    copy[i] = rest.length ? setAt(isRecord(copy[i]) ? copy[i] : {}, rest, value) : value;
    return copy;
  }
  const record = isRecord(container) ? container : {};
  const inner = record[key];
  return { ...record, [key]: rest.length ? setAt(isRecord(inner) || Array.isArray(inner) ? inner : {}, rest, value) : value };
}

/** The fields of item `index` of a list of objects: the template's, with the index in their paths. */
export function itemFields(field: ObjectListField, index: number): Field[] {
  return field.fields.map((f) => rebase(f, field.path.length, String(index)));
}

function rebase<F extends Field>(field: F, at: number, index: string): F {
  const path = field.path[at] === ITEM ? field.path.with(at, index) : field.path;
  const moved = { ...field, path };
  if (field.kind === 'object' || field.kind === 'objects') return { ...moved, fields: field.fields.map((f) => rebase(f, at, index)) };
  if (field.kind === 'union') return { ...moved, variants: field.variants.map((v) => rebase(v, at, index)) };
  return moved;
}

/** A new item's values for a list of objects: its fields' defaults. */
export function itemValues(field: ObjectListField, index: number): FormValues {
  return fromObject(itemFields(field, index), {});
}

/** The index of a union's chosen variant in its form value. */
export function chosenVariant(field: UnionField, value: unknown): number {
  const i = isRecord(value) ? value[CHOICE] : undefined;
  return typeof i === 'number' && i >= 0 && i < field.variants.length ? i : 0;
}

/** The index of the option equal to `value` (by JSON), or -1. */
export function optionIndex(options: readonly Option[], value: unknown): number {
  return value === undefined ? -1 : options.findIndex((o) => same(o.value, value));
}

/** Option values are JSON: equal when they read the same (a value too deep to write out equals only itself). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const text = stringifyWhole(a);
  return text !== undefined && text === stringifyWhole(b);
}

/**
 * The form's starting values: each field's default, and where `given` (the last
 * arguments sent) has a value, that value instead.
 */
export function initialValues(model: FormModel, given?: Record<string, unknown>): FormValues {
  return fromObject(model.fields, given ?? {});
}

function fromObject(fields: readonly Field[], source: Record<string, unknown>): FormValues {
  const values = plainRecord() as FormValues;
  for (const field of fields) {
    const picked = has(source, field.key) ? { value: source[field.key] } : 'default' in field ? { value: field.default, isDefault: true } : undefined;
    values[field.key] = toFormValue(field, picked);
  }
  return values;
}

/** One argument (or default) as the form holds it; `picked` undefined means none. */
function toFormValue(field: Field, picked: { value: unknown; isDefault?: boolean } | undefined): unknown {
  const v = picked?.value;
  switch (field.kind) {
    case 'string':
      return v === undefined || v === null ? '' : typeof v === 'string' ? v : (stringifyWhole(v) ?? '');
    case 'number':
    case 'integer':
      return typeof v === 'number' ? String(v) : typeof v === 'string' ? v : '';
    case 'json':
      // A default too deep to write out is left unsent: the server applies it itself.
      return v === undefined ? '' : (stringifyWhole(v) ?? '');
    case 'boolean':
      return typeof v === 'boolean' ? v : undefined;
    case 'enum': {
      const i = optionIndex(field.options, v);
      return i < 0 ? undefined : field.options[i]!.value;
    }
    case 'multi':
      return Array.isArray(v) ? field.options.filter((o) => v.some((x) => same(x, o.value))).map((o) => o.value) : [];
    case 'list':
      return Array.isArray(v) ? v.map((item) => (typeof item === 'string' ? item : (stringifyWhole(item) ?? ''))) : [];
    case 'object': {
      // The object's own default fills in under what was given for it.
      const given = isRecord(v) ? v : {};
      const fallback = 'default' in field && isRecord(field.default) ? field.default : {};
      return fromObject(field.fields, { ...fallback, ...given });
    }
    case 'objects':
      return Array.isArray(v) ? v.map((item, i) => fromObject(itemFields(field, i), isRecord(item) ? item : {})) : [];
    case 'null':
      return null;
    case 'union': {
      // The variant the value is of; a default of null leaves the first other one, empty (nothing is sent).
      const at = v === undefined || (v === null && picked?.isDefault) ? -1 : field.variants.findIndex((f) => fits(f, v));
      const chosen = at < 0 ? Math.max(0, field.variants.findIndex((f) => f.kind !== 'null')) : at;
      const values: FormValues = { [CHOICE]: chosen };
      field.variants.forEach((f, i) => (values[variantKey(i)] = toFormValue(f, i === at ? picked : undefined)));
      return values;
    }
  }
}

/** Whether a value is of the kind a union's variant edits. */
function fits(field: Field, v: unknown): boolean {
  switch (field.kind) {
    case 'null':
      return v === null;
    case 'boolean':
      return typeof v === 'boolean';
    case 'integer':
      return Number.isInteger(v);
    case 'number':
      return typeof v === 'number';
    case 'string':
      return typeof v === 'string';
    case 'enum':
      return optionIndex(field.options, v) >= 0;
    case 'multi':
    case 'list':
      return Array.isArray(v);
    case 'object':
      // An object is of a shape when it has the shape's required keys and its tags (a lone const) match.
      return isRecord(v) && field.fields.every((f) => (Object.hasOwn(v, f.key) ? f.kind !== 'enum' || f.options.length !== 1 || same(v[f.key], f.options[0]!.value) : !f.required));
    default:
      return false;
  }
}
