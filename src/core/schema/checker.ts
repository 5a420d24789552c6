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
// No check against the meta-schema (`meta: false`, `validateSchema: false`): compiling
// the meta-schema cost ~20 ms of every process that checks one value, and what it finds
// wrong (a keyword of the wrong type, an unknown `type`) Ajv's compile throws on anyway.
const options = { allErrors: true, strict: false, addUsedSchema: false, meta: false, validateSchema: false } as const;

/**
 * An Ajv of its own for each schema: an Ajv keeps every schema and validator it ever
 * compiled (removeSchema does not free them), so a shared one grows with every tool
 * list refreshed. This way a validator, and its Ajv, go when its schema does (~0.5 ms).
 */
function ajvFor(legacy: boolean): Ajv {
  // Patterns on a linear-time engine: a server's regular expression can never freeze mcpdeck.
  const own = { ...options, code: { regExp: linearRegExp } } as const;
  const ajv = legacy ? new Ajv(own) : new Ajv2020(own);
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

/**
 * Compiles a schema (with its root `$id` set) as draft-04/06/07 (`legacy`) or 2020-12.
 * Throws on a schema Ajv cannot compile.
 */
export function compileChecked(root: Record<string, unknown>, legacy: boolean): ValidateFunction | Error {
  return ajvFor(legacy).compile(root);
}
