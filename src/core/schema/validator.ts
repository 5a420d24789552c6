import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

// Schemas come from other people's servers: unknown keywords and formats are
// tolerated, and a schema's $id is never registered (a refreshed tool list sends the
// same $id again, which Ajv would otherwise refuse).
const options = { allErrors: true, strict: false, addUsedSchema: false } as const;
const modern = new Ajv2020(options);
// Draft-04/06/07 schemas (tuple `items`, `additionalItems`) read differently in 2020-12.
const legacy = new Ajv(options);
for (const ajv of [modern, legacy]) (addFormats as unknown as (a: Ajv) => void)(ajv);
const cache = new WeakMap<object, ValidateFunction | Error>();

export interface ValidationResult {
  valid: boolean;
  errors: string[];
}

function compile(schema: object): ValidateFunction | Error {
  const declared = (schema as { $schema?: unknown }).$schema;
  const old = typeof declared === 'string' && /draft-0[4-7]/.test(declared);
  const { $schema: _ignored, ...rest } = schema as Record<string, unknown>;
  try {
    return (old ? legacy : modern).compile(rest);
  } catch (error) {
    return error as Error;
  }
}

/** The compiled schema, compiled once per schema object. */
function compiledFor(schema: object): ValidateFunction | Error {
  let compiled = cache.get(schema);
  if (!compiled) cache.set(schema, (compiled = compile(schema)));
  return compiled;
}

/**
 * Validates `value` against a JSON Schema. A schema that cannot be compiled leaves the
 * value unchecked (the server still checks it) and says so in `errors`.
 */
export function validate(schema: object, value: unknown): ValidationResult {
  const check = compiledFor(schema);
  if (check instanceof Error) return { valid: true, errors: [`the schema could not be checked: ${check.message}`] };
  const valid = check(value) as boolean;
  return { valid, errors: valid ? [] : (check.errors ?? []).map(describeError) };
}

/** The sentence for one error, naming where it is. */
function describeError(error: ErrorObject): string {
  const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : '';
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `missing required argument "${[where, p.missingProperty].filter(Boolean).join('.')}"`;
    case 'additionalProperties':
      return `unknown argument "${[where, p.additionalProperty].filter(Boolean).join('.')}"`;
    default:
      return `${where ? `"${where}"` : 'the arguments'} ${shortMessage(error)}`;
  }
}

/** What is wrong, without where: `must be integer`, `must be >= 1`. */
function shortMessage(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'type':
      return `must be ${String(p.type).split(',').join(' or ')}`;
    default:
      return error.message ?? 'is invalid';
  }
}

export interface ValidationIssue {
  /** Where in the value: the instance path's keys, plus the missing key of a `required` error. */
  path: string[];
  /** Short, for next to a field: `required`, `must be >= 1`. */
  message: string;
  /** The sentence validate() gives for it. */
  text: string;
}

/** validate()'s errors with their place in the value, for forms that show each error by its field. */
export function validationIssues(schema: object, value: unknown): ValidationIssue[] {
  const check = compiledFor(schema);
  if (check instanceof Error || check(value)) return [];
  return (check.errors ?? []).map((error) => {
    const p = error.params as Record<string, unknown>;
    const path = error.instancePath.split('/').slice(1).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
    const text = describeError(error);
    if (error.keyword === 'required') return { path: [...path, String(p.missingProperty)], message: 'required', text };
    if (error.keyword === 'additionalProperties') return { path, message: `unknown key "${String(p.additionalProperty)}"`, text };
    return { path, message: shortMessage(error), text };
  });
}

/** A path inside a field's value as a person reads it: a leading array index is "item N". */
export function itemPath(rest: readonly string[]): string {
  const index = Number(rest[0]);
  return Number.isInteger(index) ? [`item ${index + 1}`, ...rest.slice(1)].join('.') : rest.join('.');
}
