/**
 * The field model a JSON Schema turns into: what a form (tool arguments now,
 * elicitation requests later) needs to draw and check each field, and nothing of how.
 */
export type Schema = Record<string, unknown>;

export interface Option {
  value: unknown;
  label: string;
}

interface Base {
  /** Keys from the root object down to this field. */
  path: string[];
  key: string;
  /** The schema's title, else the key. Raw server text: sanitize before drawing. */
  label: string;
  description?: string;
  required: boolean;
  default?: unknown;
  /** The schema also allows null (a required field left empty sends null). */
  nullable?: boolean;
  /** The resolved schema of this field (refs followed, null collapsed). */
  schema: Schema;
}

interface StringField extends Base {
  kind: 'string';
  format?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

interface NumberField extends Base {
  kind: 'number' | 'integer';
  minimum?: number;
  maximum?: number;
}

interface BooleanField extends Base {
  kind: 'boolean';
}

export interface EnumField extends Base {
  kind: 'enum';
  options: Option[];
}

export interface MultiField extends Base {
  kind: 'multi';
  options: Option[];
  minItems?: number;
  maxItems?: number;
}

export type ItemKind = 'string' | 'number' | 'integer' | 'boolean';

export interface ListField extends Base {
  kind: 'list';
  item: ItemKind;
  minItems?: number;
  maxItems?: number;
}

export interface ObjectField extends Base {
  kind: 'object';
  fields: Field[];
}

/** A list of objects: each item a form of its own (`fields` are a template; see itemFields). */
export interface ObjectListField extends Base {
  kind: 'objects';
  /** The item's fields, their paths holding ITEM where the item's index goes. */
  fields: Field[];
  minItems?: number;
  maxItems?: number;
}

/** Always null: the null alternative of a union. */
interface NullField extends Base {
  kind: 'null';
}

/**
 * A value of one of several types (`type: ["boolean", "string"]`, an `anyOf`/`oneOf` of
 * simple schemas or of objects, "X or null"): a choice of type, then the chosen type's editor. Each
 * variant keeps its own value, at `[...path, variantKey(i)]`; the chosen one's index is
 * at `[...path, CHOICE]`.
 */
export interface UnionField extends Base {
  kind: 'union';
  variants: VariantField[];
}

/**
 * One alternative of a union: a field of a simple kind, or an object of fields (a shape
 * of a discriminated union), with a short type label and its own schema to check a value against.
 */
export type VariantField = (StringField | NumberField | BooleanField | EnumField | MultiField | ListField | NullField | ObjectField) & {
  /** `string`, `integer`, `null`, or the alternative's title. Raw server text: sanitize before drawing. */
  typeLabel: string;
  /** The alternative's schema with the root's definitions, to check the chosen value alone. */
  check: Schema;
};

/** A shape's tag: a required field that is one constant (`"kind": "circle"`), sent without a row of its own. */
export const isTag = (f: Field): f is EnumField => f.kind === 'enum' && f.required && f.options.length === 1 && 'const' in f.schema;

/** Where a union keeps the index of the chosen variant, and each variant its value. */
export const CHOICE = '|type';
export const variantKey = (i: number) => `|${i}`;
/** Stands for the item's index in the paths of an ObjectListField's template fields. */
export const ITEM = '|item';

/** Anything the form cannot express: edited as raw JSON. */
export interface JsonField extends Base {
  kind: 'json';
  /** Why it is raw JSON, for a hint next to the field. */
  reason: string;
}

export type Field = StringField | NumberField | BooleanField | EnumField | MultiField | ListField | ObjectField | ObjectListField | UnionField | NullField | JsonField;

export interface FormModel {
  fields: Field[];
  /** Why the form cannot stand for the whole schema: non-empty means raw JSON only. */
  unsupported: string[];
  /** The root schema, for validation. */
  schema: Schema;
  /** Why the arguments are not checked against the schema before sending (the server still checks them). */
  unchecked?: string;
}

/**
 * What a form holds per field while it is edited, nested like the arguments:
 * text for string, number, integer and json fields; boolean | undefined; an option's
 * value | undefined for enum; the chosen options' values for multi; item texts for
 * list; a nested record for object; a record per item for objects; for union, the
 * chosen variant's index at CHOICE and each variant's value at its variantKey.
 */
export type FormValues = Record<string, unknown>;
