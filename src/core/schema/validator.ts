import type { ErrorObject, ValidateFunction } from 'ajv';
import { jsonChoices, MAX_SCHEMA_DEPTH, nestingDepth } from './depth.js';
import { formatCount } from '../../util/text.js';

type Checker = Pick<typeof import('./checker.js'), 'compileChecked' | 'UnsupportedPattern' | 'withoutUncheckablePatterns'>;

// Draft-04/06/07 schemas (tuple `items`, `additionalItems`) read differently in 2020-12.
const isLegacy = (declared: unknown) => typeof declared === 'string' && /draft-0[4-7]/.test(declared);
const cache = new WeakMap<object, ValidateFunction | Error>();
const ROOT_ID = 'https://mcpdeck.invalid/schema';

let checker: Checker | undefined;
let loading: Promise<void> | undefined;
/** Why the checker could not be loaded: values then go unchecked, and that is said. */
let loadFailure: string | undefined;

/**
 * Loads Ajv and the RE2 engine (checker.ts; ~15 ms of a start that seldom checks
 * anything). Whatever checks a value awaits this first: a tool call, a server's
 * question, a form as it opens; until then nothing is checked, and nothing is said
 * to be unchecked. It never rejects: a checker that cannot load leaves values
 * unchecked, with the reason (a form that fires this and forgets it cannot crash).
 */
export function loadValidator(): Promise<void> {
  loading ??= import('./checker.js').then(
    ({ compileChecked, UnsupportedPattern, withoutUncheckablePatterns }) => {
      checker = { compileChecked, UnsupportedPattern, withoutUncheckablePatterns };
    },
    (error: Error) => {
      loadFailure = `not checked: the schema checker could not be loaded (${error.message})`;
    },
  );
  return loading;
}

/** Whether loadValidator() has settled: values can be checked now, or it is known why not. */
export const validatorLoaded = (): boolean => checker !== undefined || loadFailure !== undefined;

export interface ValidationResult {
  valid: boolean;
  errors: string[];
  /** Why the value was not checked at all (valid is then true, and errors say it too). */
  unchecked?: string;
}

/** A check that leaves some patterns out (RE2 cannot run them): why, said wherever the schema is used. */
const partial = new WeakMap<ValidateFunction, string>();

function compile(schema: object, { compileChecked, UnsupportedPattern, withoutUncheckablePatterns }: Checker): ValidateFunction | Error {
  const { $schema: declared, ...rest } = schema as Record<string, unknown>;
  // The root needs an $id: without one, Ajv (with addUsedSchema off) cannot resolve a
  // `$ref` to the root itself ("#"). The server's own is kept: its refs may name it.
  const root = { ...rest, $id: typeof rest.$id === 'string' && rest.$id ? rest.$id : ROOT_ID };
  try {
    return compileChecked(root, isLegacy(declared));
  } catch (error) {
    if (!(error instanceof UnsupportedPattern)) return new Error(`the schema could not be checked: ${(error as Error).message}`);
    // Every other rule is still checked: only the patterns RE2 cannot run are left out.
    const { schema: rest2, dropped } = withoutUncheckablePatterns(root);
    try {
      const check = compileChecked(rest2, isLegacy(declared));
      if (check instanceof Error) return check;
      partial.set(check, `${error.message}; ${dropped.length > 1 ? `${dropped.length} such patterns are` : 'it is'} left unchecked, every other rule is checked`);
      return check;
    } catch {
      return error;
    }
  }
}

/** The compiled schema, compiled once per schema object; undefined until the checker is loaded (unless too deep to check at all). */
function compiledFor(schema: object): ValidateFunction | Error | undefined {
  let compiled = cache.get(schema);
  if (compiled) return compiled;
  // Measured first, without recursion (and without the checker): compiling would overflow
  // the stack, or take seconds.
  const depth = nestingDepth(schema);
  if (depth > MAX_SCHEMA_DEPTH) compiled = new Error(`the schema is too deep to check (${formatCount(depth)} levels, limit ${MAX_SCHEMA_DEPTH})`);
  else if (!checker) return undefined;
  else compiled = compile(schema, checker);
  cache.set(schema, compiled);
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
  if (!check) return unchecked(loadFailure ?? NOT_LOADED);
  if (check instanceof Error) return unchecked(check.message);
  const valid = run(check, value);
  if (valid instanceof Error) return unchecked(valid.message);
  return { valid, errors: valid ? [] : (check.errors ?? []).map(describeError) };
}

const unchecked = (why: string): ValidationResult => ({ valid: true, errors: [why], unchecked: why });
// Only where a caller forgot to await loadValidator(): said, never silently passed.
const NOT_LOADED = 'not checked: the schema checker was not loaded yet';

/** Why values for this schema go unchecked, or undefined when they are checked. */
export function uncheckedReason(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const check = compiledFor(schema);
  if (!check) return loadFailure;
  return check instanceof Error ? check.message : partial.get(check);
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

/** A string format as a person says it (Ajv's "must match format" reads like a pattern). */
const FORMAT_WORDS: Record<string, string> = {
  email: 'must be an email address',
  'idn-email': 'must be an email address',
  uri: 'must be a full URI, such as https://example.com/page',
  'uri-reference': 'must be a URI or a relative reference',
  url: 'must be a URL, such as https://example.com/page',
  date: 'must be a date such as 2026-07-28',
  time: 'must be a time such as 14:30:00Z',
  'date-time': 'must be a date and time such as 2026-07-28T14:30:00Z',
  duration: 'must be an ISO 8601 duration such as P3DT4H',
  uuid: 'must be a UUID',
  ipv4: 'must be an IPv4 address',
  ipv6: 'must be an IPv6 address',
  hostname: 'must be a host name',
  regex: 'must be a regular expression',
};

/** What is wrong, without where: `must be integer`, `must be >= 1`. */
function shortMessage(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'enum':
      return `must be one of ${jsonChoices(p.allowedValues as unknown[], ', ')}`;
    case 'type':
      return `must be ${String(p.type).split(',').join(' or ')}`;
    case 'format':
      return FORMAT_WORDS[String(p.format)] ?? `must be in the "${String(p.format)}" format`;
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
  if (!check || check instanceof Error || run(check, value) !== false) return [];
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
