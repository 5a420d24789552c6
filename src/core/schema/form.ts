import { isRecord } from '../../util/is-record.js';
import { isTag, ITEM, variantKey, type Field, type FormModel, type ItemKind, type JsonField, type Option, type Schema, type UnionField, type VariantField } from './form-model.js';
import { resolve, type Resolved } from './form-resolve.js';
import { uncheckedReason } from './validator.js';
import { jsonLabel } from './depth.js';

export type * from './form-model.js';
export { initialValues } from './form-values.js';
export { argumentsAnyway, toArguments, type FormResult } from './form-args.js';

/** Objects nested deeper than this are edited as raw JSON. */
const MAX_DEPTH = 6;

interface Context {
  root: Schema;
  refs: string[];
  depth: number;
  /** The root's definitions, for checking a union's variant on its own. */
  defs: Schema;
}

const definitions = (root: Schema): Schema => ({
  ...(root.$defs !== undefined && { $defs: root.$defs }),
  ...(root.definitions !== undefined && { definitions: root.definitions }),
});

/**
 * Turns a JSON Schema for an object (a tool's inputSchema, an elicitation's
 * requestedSchema) into form fields. What a field cannot express becomes a raw JSON
 * field; what the whole form cannot express is listed in `unsupported`.
 */
export function buildForm(schema: unknown): FormModel {
  if (!isRecord(schema)) return { fields: [], unsupported: ['the schema is not a JSON object'], schema: {} };
  const unchecked = uncheckedReason(schema);
  const top = resolve(schema, schema);
  const s = top.schema;
  const unsupported: string[] = [];
  if (top.problem) unsupported.push(`the schema is ${top.problem}`);
  const type = typeOf(s);
  if (type !== 'object' && !(type === undefined && isRecord(s.properties))) {
    unsupported.push(`the arguments are ${type ? `of type ${type}` : 'not described as an object'}, not an object of named fields`);
  }
  for (const word of ['anyOf', 'oneOf', 'allOf', 'not', 'if'] as const) {
    if (s[word] !== undefined) unsupported.push(`the schema uses "${word}" at the top level`);
  }
  if (freeKeys(s)) unsupported.push('the arguments are an object with free-form keys');
  const fields = unsupported.length ? [] : objectFields(s, [], { root: schema, refs: top.refs, depth: 0, defs: definitions(schema) });
  return { fields, unsupported, schema, ...(unchecked && { unchecked }) };
}

function objectFields(s: Schema, path: string[], ctx: Context): Field[] {
  const properties = isRecord(s.properties) ? s.properties : {};
  const required = new Set(Array.isArray(s.required) ? s.required.filter((k) => typeof k === 'string') : []);
  return Object.entries(properties).map(([key, raw]) => field(key, raw, [...path, key], required.has(key), ctx));
}

function field(key: string, raw: unknown, path: string[], required: boolean, ctx: Context): Field {
  const r = resolve(raw, ctx.root, ctx.refs);
  const plain = simpleField(key, r, path, required, ctx);
  // "X or null" is a choice between X and null, when X is a value a row can edit.
  if (!r.nullable || (!isVariant(plain) && plain.kind !== 'union')) return plain;
  const base = baseOf(key, r, path, required);
  const nul = { ...base, kind: 'null' as const, schema: { type: 'null' } };
  if (plain.kind !== 'union') return union(base, [plain, nul], [r.schema, { type: 'null' }], ctx);
  const { variants } = plain;
  return union(base, [...variants, nul], [...variants.map((v) => v.check), { type: 'null' }], ctx, variants.map((v) => v.typeLabel));
}

type Base = Omit<JsonField, 'kind' | 'reason'>;

function baseOf(key: string, r: Resolved, path: string[], required: boolean): Base {
  const s = r.schema;
  return {
    path,
    key,
    label: typeof s.title === 'string' && s.title.trim() ? s.title : key,
    ...(typeof s.description === 'string' && s.description.trim() && { description: s.description }),
    required,
    ...(r.nullable && { nullable: true }),
    ...('default' in s && { default: s.default }),
    schema: s,
  };
}

/** The field for a resolved schema, without offering null. */
function simpleField(key: string, r: Resolved, path: string[], required: boolean, ctx: Context): Field {
  const s = r.schema;
  const base = baseOf(key, r, path, required);
  const json = (reason: string): JsonField => ({ ...base, kind: 'json', reason });
  if (r.problem) return json(r.problem);
  const options = enumOptions(s);
  if (options) {
    // A lone const (a discriminator) is a choice of one, sent even when not touched.
    return { ...base, ...(options.length === 1 && 'const' in s && !('default' in s) && { default: s.const }), kind: 'enum', options };
  }
  const alternatives = s.anyOf ?? s.oneOf;
  if (Array.isArray(alternatives) && s.allOf === undefined && s.not === undefined && s.if === undefined && !(s.anyOf && s.oneOf)) {
    return variantsOf(base, alternatives.map((a) => resolve(a, ctx.root, r.refs)), ctx) ?? json(`uses "${s.anyOf ? 'anyOf' : 'oneOf'}" of structured alternatives`);
  }
  for (const word of ['anyOf', 'oneOf', 'allOf', 'not', 'if'] as const) {
    if (s[word] !== undefined) return json(`uses "${word}"`);
  }
  const type = typeOf(s);
  switch (type) {
    case 'string':
      return { ...base, kind: 'string', ...str(s, 'format'), ...num(s, 'minLength'), ...num(s, 'maxLength'), ...str(s, 'pattern') };
    case 'number':
    case 'integer':
      return { ...base, kind: type, ...num(s, 'minimum'), ...num(s, 'maximum') };
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'mixed': {
      // `type: ["boolean", "string"]`: one variant per type, each with the keywords that apply to it.
      const types = (s.type as unknown[]).filter((t) => t !== 'null').map(String);
      return variantsOf(base, types.map((t) => ({ schema: { ...s, type: t }, nullable: false, refs: r.refs })), ctx) ?? json('several types');
    }
    case 'array': {
      if (Array.isArray(s.items) || s.prefixItems !== undefined) return json('a tuple');
      const items = resolve(s.items, ctx.root, r.refs);
      if (items.problem) return json(`a list of items that are ${items.problem}`);
      const counts = { ...num(s, 'minItems'), ...num(s, 'maxItems') };
      const itemOptions = enumOptions(items.schema);
      if (itemOptions) return { ...base, kind: 'multi', options: itemOptions, ...counts };
      const item = typeOf(items.schema);
      const scalar = isItemKind(item) && !['anyOf', 'oneOf', 'allOf'].some((w) => items.schema[w] !== undefined);
      if (scalar) return { ...base, kind: 'list', item, ...counts };
      if (!isFormObject(items.schema)) return json('a list of structured items');
      if (ctx.depth + 1 >= MAX_DEPTH) return json('nested too deep for the form');
      const fields = objectFields(items.schema, [...path, ITEM], { ...ctx, refs: items.refs, depth: ctx.depth + 1 });
      return { ...base, kind: 'objects', fields, ...counts };
    }
    case 'object':
    case undefined: {
      if (type === undefined && !isRecord(s.properties)) return json(s.type === undefined ? 'any JSON value' : 'several types');
      if (freeKeys(s) || !isRecord(s.properties)) return json('an object with free-form keys');
      if (ctx.depth + 1 >= MAX_DEPTH) return json('nested too deep for the form');
      return { ...base, kind: 'object', fields: objectFields(s, path, { ...ctx, refs: r.refs, depth: ctx.depth + 1 }) };
    }
    default:
      return json(type === 'null' ? 'always null' : `of type ${type}`);
  }
}

/** A union of the alternatives, when each is a simple value or an object the form can show (else undefined: raw JSON). */
function variantsOf(base: Base, alternatives: Resolved[], ctx: Context): Field | undefined {
  // A union inside a union is never a form field: the depth only bounds how far a schema nesting them thousands deep is read.
  if (alternatives.length < 2 || alternatives.some((a) => a.problem) || ctx.depth >= MAX_DEPTH) return undefined;
  const inner = { ...ctx, depth: ctx.depth + 1 };
  const fields = alternatives.map((a, i) => {
    if (a.schema.type === 'null') return { ...base, kind: 'null' as const, schema: a.schema };
    const { title: _title, description: _description, default: _default, ...own } = a.schema;
    return simpleField(base.key, { ...a, schema: own, nullable: false }, [...base.path, variantKey(i)], base.required, inner);
  });
  if (!fields.every((f) => isVariant(f) || f.kind === 'object')) return undefined;
  const labels = alternatives.map((a) => (typeof a.schema.title === 'string' && a.schema.title.trim() ? a.schema.title : undefined));
  return union(base, fields, alternatives.map((a) => a.schema), ctx, labels);
}

function union(base: Base, fields: Field[], schemas: Schema[], ctx: Context, titles: (string | undefined)[] = []): UnionField {
  const hasNull = fields.some((f) => f.kind === 'null');
  const variants = fields.map((f, i) => {
    const { default: _unused, ...own } = f as Field & { default?: unknown };
    return {
      ...own,
      key: variantKey(i),
      path: [...base.path, variantKey(i)],
      label: base.label,
      // An empty required alternative is null when null is one of the others.
      ...(hasNull && { nullable: true }),
      typeLabel: titles[i] ?? typeLabelOf(f),
      check: { ...schemas[i], ...ctx.defs },
    } as VariantField;
  });
  return { ...base, kind: 'union', variants };
}

const isVariant = (f: Field): f is Exclude<Field, { kind: 'object' | 'objects' | 'union' }> =>
  f.kind !== 'object' && f.kind !== 'objects' && f.kind !== 'union' && f.kind !== 'json';

function typeLabelOf(f: Field): string {
  if (f.kind === 'enum') return f.options.length === 1 ? f.options[0]!.label : 'choice';
  if (f.kind === 'list') return `${f.item} list`;
  if (f.kind === 'multi') return 'choices';
  if (f.kind === 'object') {
    // A shape of a discriminated union goes by its tag (`"kind": "circle"`), else by its first keys.
    const tag = f.fields.find(isTag);
    if (tag) return tag.options[0]!.label;
    const keys = f.fields.map((g) => g.key);
    return keys.length ? `{${keys.slice(0, 3).join(', ')}${keys.length > 3 ? ', …' : ''}}` : 'object';
  }
  return f.kind;
}

/** An object schema the form can show field by field. */
const isFormObject = (s: Schema) => (typeOf(s) === 'object' || (s.type === undefined && isRecord(s.properties))) && isRecord(s.properties) && !freeKeys(s)
  && !['anyOf', 'oneOf', 'allOf', 'not', 'if'].some((w) => s[w] !== undefined);

/** One type name, or undefined for none; several (not counting null) read "mixed". */
function typeOf(s: Schema): string | undefined {
  if (typeof s.type === 'string') return s.type;
  if (!Array.isArray(s.type)) return undefined;
  const types = s.type.filter((t) => t !== 'null');
  return types.length === 1 ? String(types[0]) : types.length ? 'mixed' : 'null';
}

function isItemKind(t: string | undefined): t is ItemKind {
  return t === 'string' || t === 'number' || t === 'integer' || t === 'boolean';
}

/** An object whose keys are not listed: a map, or anything goes. */
function freeKeys(s: Schema): boolean {
  const listed = isRecord(s.properties) && Object.keys(s.properties).length > 0;
  if (listed) return false;
  const extra = s.additionalProperties;
  return isRecord(s.patternProperties) || extra === true || (isRecord(extra) && Object.keys(extra).length > 0);
}

/** The choices of `enum` (with legacy `enumNames`), a lone `const`, or a `oneOf`/`anyOf` of consts. */
function enumOptions(s: Schema): Option[] | undefined {
  if (Array.isArray(s.enum)) {
    const names = Array.isArray(s.enumNames) ? s.enumNames : [];
    return s.enum.map((value, i) => ({ value, label: typeof names[i] === 'string' ? names[i] : show(value) }));
  }
  if ('const' in s) return [{ value: s.const, label: typeof s.title === 'string' ? s.title : show(s.const) }];
  const alternatives = s.oneOf ?? s.anyOf;
  if (!Array.isArray(alternatives) || !alternatives.length || !alternatives.every((a) => isRecord(a) && 'const' in a)) return undefined;
  return alternatives.map((a: Schema) => ({ value: a.const, label: typeof a.title === 'string' && a.title ? a.title : show(a.const) }));
}

const show = (value: unknown) => (typeof value === 'string' ? value : jsonLabel(value));
const num = <K extends string>(s: Schema, word: K) => (typeof s[word] === 'number' ? { [word]: s[word] } : {}) as Partial<Record<K, number>>;
const str = <K extends string>(s: Schema, word: K) => (typeof s[word] === 'string' ? { [word]: s[word] } : {}) as Partial<Record<K, string>>;
