import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

// One Ajv for every schema a server sends. Tool schemas come from other people's
// code, so unknown keywords and formats are tolerated rather than fatal.
const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const cache = new WeakMap<object, ValidateFunction | Error>();

export interface ValidationResult {
  valid: boolean;
  errors: string[];
}

/** Validates `value` against a JSON Schema; a schema Ajv cannot compile is reported, not thrown. */
export function validate(schema: object, value: unknown): ValidationResult {
  let compiled = cache.get(schema);
  if (!compiled) {
    try {
      compiled = ajv.compile(withoutDraft(schema));
    } catch (error) {
      compiled = error as Error;
    }
    cache.set(schema, compiled);
  }
  if (compiled instanceof Error) return { valid: true, errors: [`the schema could not be checked: ${compiled.message}`] };
  const valid = compiled(value) as boolean;
  return { valid, errors: valid ? [] : (compiled.errors ?? []).map(describeError) };
}

// Servers declare draft-07 and other $schema URIs that Ajv2020 refuses outright;
// the keywords tools use are read the same way, so validate them as 2020-12.
function withoutDraft(schema: object): object {
  if (!('$schema' in schema)) return schema;
  const { $schema: _ignored, ...rest } = schema as Record<string, unknown>;
  return rest;
}

export function describeError(error: ErrorObject): string {
  const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : '';
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `missing required argument "${[where, p.missingProperty].filter(Boolean).join('.')}"`;
    case 'additionalProperties':
      return `unknown argument "${[where, p.additionalProperty].filter(Boolean).join('.')}"`;
    case 'enum':
      return `"${where}" must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'type':
      return `"${where || 'arguments'}" must be ${p.type}`;
    default:
      return `${where ? `"${where}" ` : ''}${error.message ?? 'is invalid'}`;
  }
}
