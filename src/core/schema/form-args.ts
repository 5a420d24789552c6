import { isRecord, ownValue, plainRecord } from '../../util/is-record.js';
import { variantKey, type Field, type FormModel, type FormValues, type ItemKind, type ListField } from './form-model.js';
import { chosenVariant, itemFields, same } from './form-values.js';
import { itemPath, validate, validationIssues } from './validator.js';

export interface ArgumentOptions {
  /**
   * Send anyway: text a field cannot read as its type goes out as it is (a number if it
   * reads as one, else the text), for a server author testing the server's own checks.
   */
  loose?: boolean;
}

export interface FormResult {
  args: Record<string, unknown>;
  /** Messages by field path joined with '.'; '' for those that belong to no field. */
  errors: Record<string, string>;
}

/** One field's value: nothing entered, a value (filled: a person entered it), or why it is wrong. */
type Converted = { empty: true } | { value: unknown; filled: boolean } | { error: string };

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * The arguments a form's values stand for, typed as the schema says, with every
 * problem placed on its field: first what the form itself sees (a required field
 * left empty, "2.5" for an integer), then what the whole schema says (Ajv).
 */
export function toArguments(model: FormModel, values: FormValues, options: ArgumentOptions = {}): FormResult {
  const errors: Record<string, string> = {};
  const args = collect(model.fields, values, errors, options.loose ?? false).value;
  for (const issue of validationIssues(model.schema, args)) {
    const placed = place(model.fields, issue.path);
    // Of a union of objects the whole schema also speaks of the shapes not chosen: the chosen one's own check has spoken.
    if (placed?.field.kind === 'union' && placed.field.variants.some((v) => v.kind === 'object') && (placed.rest.length || spoken(errors, placed.field))) continue;
    const key = placed ? placed.field.path.join('.') : '';
    const message = !placed ? issue.text : placed.rest.length ? `${where(placed.field, placed.rest)}: ${issue.message}` : issue.message;
    errors[key] ??= message;
  }
  return { args, errors };
}

/**
 * Send anyway: the arguments as typed (text a field cannot read as its type goes as it
 * is), and what the schema says is wrong with them; no problems means they are fine.
 */
export function argumentsAnyway(model: FormModel, values: FormValues): { args: Record<string, unknown>; problems: string[] } {
  const { args } = toArguments(model, values, { loose: true });
  const result = validate(model.schema, args);
  return { args, problems: result.unchecked ? [] : result.errors };
}

function collect(fields: readonly Field[], values: unknown, errors: Record<string, string>, loose: boolean): { value: Record<string, unknown>; filled: boolean } {
  const out = plainRecord();
  let filled = false;
  for (const field of fields) {
    const raw = isRecord(values) ? ownValue(values, field.key) : undefined;
    const key = field.path.join('.');
    if (field.kind === 'object') {
      // An optional object nobody filled in is left out, and so are its children's complaints.
      const inner: Record<string, string> = {};
      const child = collect(field.fields, raw, inner, loose);
      if (!child.filled && !field.required) continue;
      out[field.key] = child.value;
      Object.assign(errors, inner);
      filled ||= child.filled;
      continue;
    }
    if (field.kind === 'objects') {
      // Every item added is sent, filled in or not: its missing fields say what it lacks.
      const items = Array.isArray(raw) ? raw : [];
      if (!items.length && !field.required) continue;
      out[field.key] = items.map((item, i) => collect(itemFields(field, i), item, errors, loose).value);
      filled ||= items.length > 0;
      continue;
    }
    if (field.kind === 'union') {
      // The chosen variant's value, with its problems on the union's row, its own schema's first.
      const i = chosenVariant(field, raw);
      const variant = field.variants[i]!;
      const inner: Record<string, string> = {};
      const child = collect([variant], raw, inner, loose);
      const value = child.value[variantKey(i)];
      // An object's problems stay on its own fields; a simple value's go on the union's row.
      const shape = variant.kind === 'object';
      if (Object.hasOwn(child.value, variantKey(i))) {
        out[field.key] = value;
        filled ||= child.filled;
        // A required one left empty is null (when null is allowed): nothing of its own to check.
        const own = child.filled && !(shape && Object.keys(inner).length) ? validationIssues(variant.check, value)[0] : undefined;
        const at = own && variant.kind === 'object' ? place(variant.fields, own.path) : undefined;
        if (own && at && !at.rest.length) errors[at.field.path.join('.')] ??= own.message;
        else if (own) errors[key] ??= own.path.length ? `${itemPath(own.path)}: ${own.message}` : own.message;
      }
      if (shape) Object.assign(errors, inner);
      else for (const message of Object.values(inner)) errors[key] ??= message;
      continue;
    }
    const c = convert(field, raw, loose);
    if ('error' in c) {
      errors[key] = c.error;
      filled = true;
    } else if ('empty' in c) {
      if (field.required && field.nullable) out[field.key] = null;
      else if (field.required) errors[key] = 'required';
    } else {
      out[field.key] = c.value;
      filled ||= c.filled;
    }
  }
  return { value: out, filled };
}

/** Whether a field, or a field inside it, has a problem already. */
const spoken = (errors: Record<string, string>, field: Field) => {
  const key = field.path.join('.');
  return Object.keys(errors).some((k) => k === key || k.startsWith(`${key}.`));
};

function convert(field: Exclude<Field, { kind: 'object' | 'objects' | 'union' }>, raw: unknown, loose: boolean): Converted {
  const text = typeof raw === 'string' ? raw : '';
  switch (field.kind) {
    case 'string':
      return text ? { value: text, filled: true } : { empty: true };
    case 'number':
    case 'integer':
      return scalar(field.kind, text, loose);
    case 'null':
      return { value: null, filled: true };
    case 'json':
      if (!text.trim()) return { empty: true };
      try {
        return { value: JSON.parse(text), filled: true };
      } catch (error) {
        return loose ? { value: text, filled: true } : { error: `not valid JSON (${(error as Error).message})` };
      }
    case 'boolean':
      // A checkbox never left alone is "no" where an answer is required, and unsent where not.
      if (typeof raw === 'boolean') return { value: raw, filled: true };
      return field.required ? { value: false, filled: false } : { empty: true };
    case 'enum':
      if (raw !== undefined) return { value: raw, filled: true };
      return field.required && field.options.length === 1 ? { value: field.options[0]!.value, filled: false } : { empty: true };
    case 'multi': {
      const chosen = Array.isArray(raw) ? field.options.filter((o) => raw.some((r) => same(r, o.value))).map((o) => o.value) : [];
      if (chosen.length) return { value: chosen, filled: true };
      return field.required ? { value: [], filled: false } : { empty: true };
    }
    case 'list':
      return list(field, Array.isArray(raw) ? raw.map((item) => (typeof item === 'string' ? item : String(item))) : [], loose);
  }
}

function list(field: ListField, items: string[], loose: boolean): Converted {
  if (!items.length) return field.required ? { value: [], filled: false } : { empty: true };
  const value: unknown[] = [];
  for (const [i, item] of items.entries()) {
    if (field.item === 'string') {
      value.push(item);
      continue;
    }
    const c = scalar(field.item, item, loose);
    if ('error' in c) return { error: `item ${i + 1}: ${c.error}` };
    if ('empty' in c) return { error: `item ${i + 1} is empty` };
    value.push(c.value);
  }
  return { value, filled: true };
}

/** Text typed for a scalar, as the type it stands for. */
function scalar(kind: ItemKind, text: string, loose = false): Converted {
  const t = text.trim();
  if (kind === 'string') return text ? { value: text, filled: true } : { empty: true };
  if (!t) return { empty: true };
  if (loose) {
    const strict = scalar(kind, text);
    if (!('error' in strict)) return strict;
    return { value: NUMBER.test(t) ? Number(t) : text, filled: true };
  }
  if (kind === 'boolean') {
    if (/^(true|yes)$/i.test(t)) return { value: true, filled: true };
    if (/^(false|no)$/i.test(t)) return { value: false, filled: true };
    return { error: 'must be true or false' };
  }
  const n = Number(t);
  if (kind === 'integer' && (!NUMBER.test(t) || !Number.isInteger(n))) return { error: 'must be an integer' };
  if (!NUMBER.test(t) || !Number.isFinite(n)) return { error: 'must be a number' };
  return { value: n, filled: true };
}

/** The deepest field on `path`, and the rest of the path inside its value. */
function place(fields: readonly Field[], path: readonly string[]): { field: Field; rest: string[] } | undefined {
  const [key, ...rest] = path;
  const field = fields.find((f) => f.key === key);
  if (!field) return undefined;
  if (field.kind === 'object' && rest.length) return place(field.fields, rest) ?? { field, rest };
  if (field.kind === 'objects' && rest.length > 1 && /^\d+$/.test(rest[0]!)) return place(itemFields(field, Number(rest[0])), rest.slice(1)) ?? { field, rest };
  return { field, rest };
}

function where(field: Field, rest: readonly string[]): string {
  return field.kind === 'list' || field.kind === 'multi' || field.kind === 'objects' ? itemPath(rest) : rest.join('.');
}
