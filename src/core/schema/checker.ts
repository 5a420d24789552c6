import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { linearRegExp } from './linear-regexp.js';

export { UnsupportedPattern, withoutUncheckablePatterns } from './linear-regexp.js';

// The heavy half of schema checking, Ajv and the RE2 engine for patterns: loaded by
// loadValidator() (validator.ts) when something is first checked, not as mcpdeck starts.

// Schemas come from other people's servers: unknown keywords and formats are
// tolerated, and a schema's $id is never registered (a refreshed tool list sends the
// same $id again, which Ajv would otherwise refuse).
const options = { allErrors: true, strict: false, addUsedSchema: false } as const;
// Shared, only to check schemas against their meta-schema: that compiles nothing new.
// Made on the first schema checked.
let meta: { modern: Ajv2020; legacy: Ajv } | undefined;

/**
 * An Ajv of its own for each schema: an Ajv keeps every schema and validator it ever
 * compiled (removeSchema does not free them), so a shared one grows with every tool
 * list refreshed. This way a validator, and its Ajv, go when its schema does (~0.5 ms).
 */
function ajvFor(legacy: boolean): Ajv {
  // Patterns on a linear-time engine: a server's regular expression can never freeze mcpdeck.
  const own = { ...options, meta: false, validateSchema: false, code: { regExp: linearRegExp } } as const;
  const ajv = legacy ? new Ajv(own) : new Ajv2020(own);
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

/**
 * Compiles a schema (with its root `$id` set) after checking it against its meta-schema:
 * draft-04/06/07 (`legacy`) or 2020-12. Throws on a schema Ajv cannot compile.
 */
export function compileChecked(root: Record<string, unknown>, legacy: boolean): ValidateFunction | Error {
  meta ??= { modern: new Ajv2020(options), legacy: new Ajv(options) };
  const checker = legacy ? meta.legacy : meta.modern;
  if (!checker.validateSchema(root)) return new Error(`the schema could not be checked: schema is invalid: ${checker.errorsText()}`);
  return ajvFor(legacy).compile(root);
}
