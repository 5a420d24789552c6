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

/**
 * Validates `value` against a JSON Schema. A schema that cannot be compiled leaves the
 * value unchecked (the server still checks it) and says so in `errors`.
 */
export function validate(schema: object, value: unknown): ValidationResult {
  let compiled = cache.get(schema);
  if (!compiled) cache.set(schema, (compiled = compile(schema)));
  if (compiled instanceof Error) return { valid: true, errors: [`the schema could not be checked: ${compiled.message}`] };
  const valid = compiled(value) as boolean;
  return { valid, errors: valid ? [] : (compiled.errors ?? []).map(describeError) };
}

export function describeError(error: ErrorObject): string {
  const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : '';
  const subject = where ? `"${where}"` : 'the arguments';
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `missing required argument "${[where, p.missingProperty].filter(Boolean).join('.')}"`;
    case 'additionalProperties':
      return `unknown argument "${[where, p.additionalProperty].filter(Boolean).join('.')}"`;
    case 'enum':
      return `${subject} must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'type':
      return `${subject} must be ${String(p.type).split(',').join(' or ')}`;
    default:
      return `${subject} ${error.message ?? 'is invalid'}`;
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
  if (validate(schema, value).valid) return [];
  const compiled = cache.get(schema) as ValidateFunction;
  return (compiled.errors ?? []).map((error) => {
    const p = error.params as Record<string, unknown>;
    const path = error.instancePath.split('/').slice(1).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
    const text = describeError(error);
    switch (error.keyword) {
      case 'required':
        return { path: [...path, String(p.missingProperty)], message: 'required', text };
      case 'additionalProperties':
        return { path, message: `unknown key "${String(p.additionalProperty)}"`, text };
      case 'enum':
        return { path, message: `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`, text };
      case 'type':
        return { path, message: `must be ${String(p.type).split(',').join(' or ')}`, text };
      default:
        return { path, message: error.message ?? 'is invalid', text };
    }
  });
}
