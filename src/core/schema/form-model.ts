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

/** Anything the form cannot express: edited as raw JSON. */
export interface JsonField extends Base {
  kind: 'json';
  /** Why it is raw JSON, for a hint next to the field. */
  reason: string;
}

export type Field = StringField | NumberField | BooleanField | EnumField | MultiField | ListField | ObjectField | JsonField;

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
 * list; a nested record for object.
 */
export type FormValues = Record<string, unknown>;
