import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { jsonChoices, MAX_SCHEMA_DEPTH, nestingDepth } from './depth.js';
import { linearRegExp, UnsupportedPattern } from './linear-regexp.js';
import { formatCount } from '../../util/text.js';

// Schemas come from other people's servers: unknown keywords and formats are
// tolerated, and a schema's $id is never registered (a refreshed tool list sends the
// same $id again, which Ajv would otherwise refuse).
const options = { allErrors: true, strict: false, addUsedSchema: false } as const;
// Draft-04/06/07 schemas (tuple `items`, `additionalItems`) read differently in 2020-12.
const isLegacy = (declared: unknown) => typeof declared === 'string' && /draft-0[4-7]/.test(declared);
// Shared, only to check schemas against their meta-schema: that compiles nothing new.
// Made on the first schema checked, not when mcpdeck starts.
let meta: { modern: Ajv2020; legacy: Ajv } | undefined;
const cache = new WeakMap<object, ValidateFunction | Error>();
const ROOT_ID = 'https://mcpdeck.invalid/schema';

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

export interface ValidationResult {
  valid: boolean;
  errors: string[];
  /** Why the value was not checked at all (valid is then true, and errors say it too). */
  unchecked?: string;
}

function compile(schema: object): ValidateFunction | Error {
  // Measured first, without recursion: compiling would overflow the stack, or take seconds.
  const depth = nestingDepth(schema);
  if (depth > MAX_SCHEMA_DEPTH) return new Error(`the schema is too deep to check (${formatCount(depth)} levels, limit ${MAX_SCHEMA_DEPTH})`);
  const { $schema: declared, ...rest } = schema as Record<string, unknown>;
  const legacy = isLegacy(declared);
  // The root needs an $id: without one, Ajv (with addUsedSchema off) cannot resolve a
  // `$ref` to the root itself ("#"). The server's own is kept: its refs may name it.
  const root = { ...rest, $id: typeof rest.$id === 'string' && rest.$id ? rest.$id : ROOT_ID };
  try {
    meta ??= { modern: new Ajv2020(options), legacy: new Ajv(options) };
    const checker = legacy ? meta.legacy : meta.modern;
    if (!checker.validateSchema(root)) return new Error(`the schema could not be checked: schema is invalid: ${checker.errorsText()}`);
    return ajvFor(legacy).compile(root);
  } catch (error) {
    if (error instanceof UnsupportedPattern) return error;
    return new Error(`the schema could not be checked: ${(error as Error).message}`);
  }
}

/** The compiled schema, compiled once per schema object. */
function compiledFor(schema: object): ValidateFunction | Error {
  let compiled = cache.get(schema);
  if (!compiled) cache.set(schema, (compiled = compile(schema)));
  return compiled;
}

/** Runs a compiled check; a value nested deep enough through a recursive schema overflows Ajv's stack. */
function run(check: ValidateFunction, value: unknown): boolean | Error {
  try {
    return check(value) as boolean;
  } catch (error) {
    return new Error(error instanceof RangeError ? 'the value is nested too deep to check' : `the value could not be checked: ${(error as Error).message}`);
  }
}

/**
 * Validates `value` against a JSON Schema. A schema that cannot be compiled (or is too
 * deep to) leaves the value unchecked (the server still checks it) and says so in
 * `unchecked` and `errors`.
 */
export function validate(schema: object, value: unknown): ValidationResult {
  const check = compiledFor(schema);
  if (check instanceof Error) return unchecked(check.message);
  const valid = run(check, value);
  if (valid instanceof Error) return unchecked(valid.message);
  return { valid, errors: valid ? [] : (check.errors ?? []).map(describeError) };
}

const unchecked = (why: string): ValidationResult => ({ valid: true, errors: [why], unchecked: why });

/** Why values for this schema go unchecked, or undefined when they are checked. */
export function uncheckedReason(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const check = compiledFor(schema);
  return check instanceof Error ? check.message : undefined;
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
      return `must be one of ${jsonChoices(p.allowedValues as unknown[], ', ')}`;
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
  if (check instanceof Error || run(check, value) !== false) return [];
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
