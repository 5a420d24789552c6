import { isRecord } from '../../util/is-record.js';
import { stringifyWhole } from '../../util/json.js';
import type { Field, FormModel, FormValues, Option } from './form-model.js';

const has = (o: unknown, key: string): o is Record<string, unknown> => isRecord(o) && Object.hasOwn(o, key);

/** The value at `path` in nested form values. */
export function getIn(values: FormValues, path: readonly string[]): unknown {
  let at: unknown = values;
  for (const key of path) at = isRecord(at) ? at[key] : undefined;
  return at;
}

/** A copy of `values` with `value` at `path`, making the objects on the way. */
export function setIn(values: FormValues, path: readonly string[], value: unknown): FormValues {
  const [key, ...rest] = path;
  if (key === undefined) return values;
  const inner = isRecord(values[key]) ? (values[key] as FormValues) : {};
  return { ...values, [key]: rest.length ? setIn(inner, rest, value) : value };
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
  const values: FormValues = {};
  for (const field of fields) {
    const picked = has(source, field.key) ? { value: source[field.key] } : 'default' in field ? { value: field.default } : undefined;
    values[field.key] = toFormValue(field, picked);
  }
  return values;
}

/** One argument (or default) as the form holds it; `picked` undefined means none. */
function toFormValue(field: Field, picked: { value: unknown } | undefined): unknown {
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
  }
}
