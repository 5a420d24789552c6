import { beforeAll, describe, expect, it } from 'vitest';
import { loadValidator, uncheckedReason, validate } from '../../src/core/schema/validator.js';

// The schema checker loads on first use (validator.ts); these tests check values directly.
beforeAll(loadValidator);

const schema = {
  type: 'object',
  properties: {
    query: { type: 'string' },
    limit: { type: 'integer' },
    mode: { enum: ['fast', 'deep'] },
    filter: {
      type: 'object',
      properties: { lang: { type: 'string' } },
      required: ['lang'],
      additionalProperties: false,
    },
  },
  required: ['query'],
  additionalProperties: false,
};

describe('validate', () => {
  it('passes a valid value with no errors', () => {
    expect(validate(schema, { query: 'x', limit: 3, mode: 'deep', filter: { lang: 'en' } })).toEqual({ valid: true, errors: [] });
  });

  it('names a missing required argument, nested ones with their path', () => {
    expect(validate(schema, { filter: {} })).toEqual({
      valid: false,
      errors: ['missing required argument "query"', 'missing required argument "filter.lang"'],
    });
  });

  it('says which type an argument must be', () => {
    expect(validate(schema, { query: 1, limit: 'ten' })).toEqual({ valid: false, errors: ['"query" must be string', '"limit" must be integer'] });
  });

  it('calls a non-object arguments value "arguments"', () => {
    expect(validate(schema, 'hello').errors).toEqual(['the arguments must be object']);
  });

  it('lists the allowed values of an enum', () => {
    expect(validate(schema, { query: 'x', mode: 'slow' }).errors).toEqual(['"mode" must be one of "fast", "deep"']);
  });

  it('names an unknown argument, nested ones with their path', () => {
    expect(validate(schema, { query: 'x', qeury: 'y', filter: { lang: 'en', region: 'eu' } }).errors).toEqual([
      'unknown argument "qeury"',
      'unknown argument "filter.region"',
    ]);
  });

  it('falls back to the Ajv message for other keywords', () => {
    expect(validate({ type: 'string', minLength: 3 }, 'ab').errors).toEqual(['the arguments must NOT have fewer than 3 characters']);
    expect(validate({ type: 'object', properties: { n: { minimum: 1 } } }, { n: 0 }).errors).toEqual(['"n" must be >= 1']);
  });

  it('says a format in words, not as a pattern to match', () => {
    const formats = { type: 'object', properties: { email: { type: 'string', format: 'email' }, day: { type: 'string', format: 'date' }, odd: { type: 'string', format: 'ipv4' } } };
    expect(validate(formats, { email: 'nope', day: 'Tuesday', odd: '1.2.3' }).errors).toEqual([
      '"email" must be an email address',
      '"day" must be a date such as 2026-07-28',
      '"odd" must be an IPv4 address',
    ]);
  });

  it('validates a schema that declares draft-07', () => {
    const draft7 = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      definitions: { id: { type: 'integer' } },
      properties: { id: { $ref: '#/definitions/id' } },
      required: ['id'],
    };
    expect(validate(draft7, { id: 1 })).toEqual({ valid: true, errors: [] });
    expect(validate(draft7, { id: 'one' })).toEqual({ valid: false, errors: ['"id" must be integer'] });
    expect(validate(draft7, {})).toEqual({ valid: false, errors: ['missing required argument "id"'] });
  });

  it('checks draft-07 tuple items (items as an array)', () => {
    const tuple = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { point: { type: 'array', items: [{ type: 'number' }, { type: 'number' }], additionalItems: false } },
    };
    expect(validate(tuple, { point: [1, 2] })).toEqual({ valid: true, errors: [] });
    expect(validate(tuple, { point: ['x', 2, 3] }).valid).toBe(false);
  });

  it('reports a schema it cannot compile instead of throwing', () => {
    const broken = { type: 'object', properties: { a: { $ref: '#/nowhere' } } };
    const result = validate(broken, { a: 1 });
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(/^the schema could not be checked: .*#\/nowhere/);
  });

  it('checks values against a schema whose annotations break the meta-schema (a numeric description)', () => {
    // Servers send these; Ajv compiles them fine, and no meta-schema check is run first.
    const sloppy = { type: 'object', properties: { n: { type: 'integer', description: 42, title: ['count'] } }, required: ['n'] };
    expect(validate(sloppy, { n: 'x' })).toEqual({ valid: false, errors: ['"n" must be integer'] });
    expect(validate(sloppy, { n: 1 })).toEqual({ valid: true, errors: [] });
  });

  it('reports a keyword of the wrong type as a schema it cannot compile', () => {
    const result = validate({ type: 'object', required: 'n' }, {});
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(/^the schema could not be checked: /);
  });

  it('checks a new schema object that reuses an $id (as a refreshed tool list does)', () => {
    const make = () => ({ $id: 'urn:tool:search', type: 'object', required: ['query'] });
    expect(validate(make(), {})).toEqual({ valid: false, errors: ['missing required argument "query"'] });
    expect(validate(make(), {})).toEqual({ valid: false, errors: ['missing required argument "query"'] });
  });
});

describe('a server\'s patterns', () => {
  it('runs a catastrophic pattern in linear time: ^(a+)+$ against 34 a\'s and a "!" is refused at once', () => {
    const result = validate({ type: 'string', pattern: '^(a+)+$' }, `${'a'.repeat(34)}!`);
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual(['the arguments must match pattern "^(a+)+$"']);
    // A hundred thousand characters through a pattern that backtracks on V8: still linear.
    expect(validate({ type: 'string', pattern: '^(\\w+\\s?)*$' }, `${'word '.repeat(20_000)}!`).valid).toBe(false);
  });

  it('keeps what JavaScript patterns mean: escapes, classes, case flags, patternProperties', () => {
    expect(validate({ type: 'string', pattern: '^\\u00e9\\d{2}-\\w+$' }, 'é12-ab').valid).toBe(true);
    expect(validate({ type: 'string', pattern: '^\\p{L}+$' }, 'Grüße').valid).toBe(true);
    expect(validate({ type: 'string', pattern: 'b' }, 'abc').valid).toBe(true);
    const props = { type: 'object', patternProperties: { '^x-': { type: 'number' } } };
    expect(validate(props, { 'x-a': 'no' }).errors).toEqual(['"x-a" must be number']);
  });

  it('says so when a pattern needs backtracking (a backreference, a lookbehind), and keeps checking the rest', () => {
    for (const pattern of ['^(a)\\1$', '^(?=a)a$', '(?<=a)b']) {
      const tool = { type: 'object', properties: { id: { type: 'string', pattern }, count: { type: 'integer', minimum: 1 } }, required: ['id'] };
      expect(uncheckedReason(tool)).toMatch(/^the pattern ".*" cannot be checked: mcpdeck runs patterns on a linear-time engine \(RE2\), which has no backreferences or lookaround.*; it is left unchecked, every other rule is checked$/);
      // Before, one such pattern turned off every check of the tool.
      expect(validate(tool, { id: 'anything', count: 0 })).toMatchObject({ valid: false, errors: ['"count" must be >= 1'] });
      expect(validate(tool, { count: 2 }).errors).toEqual(['missing required argument "id"']);
      expect(validate(tool, { id: 'anything', count: 2 })).toEqual({ valid: true, errors: [] });
    }
    const two = { type: 'object', properties: { a: { type: 'string', pattern: '(?<=a)b' } }, patternProperties: { '^(?!x)': { type: 'number' } } };
    expect(uncheckedReason(two)).toContain('2 such patterns are left unchecked');
  });
});
