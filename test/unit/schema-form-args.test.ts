import { beforeAll, describe, expect, it } from 'vitest';
import { argumentsAnyway, buildForm, initialValues, toArguments } from '../../src/core/schema/form.js';
import { loadValidator } from '../../src/core/schema/validator.js';

// The schema checker loads on first use (validator.ts); these tests check values directly.
beforeAll(loadValidator);

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 2 },
    email: { type: 'string', format: 'email' },
    count: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
    ratio: { type: 'number' },
    loud: { type: 'boolean' },
    agree: { type: 'boolean' },
    color: { type: 'string', oneOf: [{ const: 'r', title: 'Red' }, { const: 'g', title: 'Green' }], default: 'g' },
    tags: { type: 'array', items: { enum: ['a', 'b', 'c'] }, maxItems: 2 },
    words: { type: 'array', items: { type: 'string' } },
    sizes: { type: 'array', items: { type: 'integer', minimum: 0 } },
    opts: { type: 'object', properties: { depth: { type: 'integer' }, mode: { type: 'string' } }, required: ['mode'] },
    extra: { type: 'object', additionalProperties: { type: 'number' } },
    note: { type: ['string', 'null'] },
  },
  required: ['name', 'agree', 'note'],
  additionalProperties: false,
};
const model = buildForm(schema);

describe('initialValues', () => {
  it('prefills defaults as the form holds them, and empties elsewhere', () => {
    expect(initialValues(model)).toEqual({
      name: '', email: '', count: '3', ratio: '', loud: undefined, agree: undefined, color: 'g',
      tags: [], words: [], sizes: [], opts: { depth: '', mode: '' }, extra: '', note: { '|type': 0, '|0': '', '|1': null },
    });
  });

  it('lets given arguments win over defaults, nested ones too', () => {
    const values = initialValues(model, { count: 7, color: 'r', loud: false, tags: ['c', 'zzz', 'a'], sizes: [1, 2], opts: { mode: 'x' }, extra: { k: 1 }, note: null });
    expect(values).toMatchObject({ count: '7', color: 'r', loud: false, tags: ['a', 'c'], sizes: ['1', '2'], opts: { depth: '', mode: 'x' }, extra: '{"k":1}', note: { '|type': 1 } });
  });

  it('fills a nested object from its own default under what was given', () => {
    const m = buildForm({ type: 'object', properties: { o: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string', default: 'B' } }, default: { a: 'A' } } } });
    expect(initialValues(m)).toEqual({ o: { a: 'A', b: 'B' } });
    expect(initialValues(m, { o: { b: 'given' } })).toEqual({ o: { a: 'A', b: 'given' } });
  });
});

describe('toArguments', () => {
  const filled = { ...initialValues(model), name: 'Ada', agree: true };

  it('types every value as the schema says and leaves out empty optional fields', () => {
    const values = { ...filled, ratio: ' 2.5 ', loud: false, tags: ['c', 'a'], words: ['x', ''], sizes: ['4', '0'], extra: '{"k": 2}', note: { '|type': 0, '|0': 'hi' } };
    expect(toArguments(model, values)).toEqual({
      args: { name: 'Ada', count: 3, ratio: 2.5, loud: false, agree: true, color: 'g', tags: ['a', 'c'], words: ['x', ''], sizes: [4, 0], extra: { k: 2 }, note: 'hi' },
      errors: {},
    });
  });

  it('sends a required checkbox nobody touched as false, and a required nullable left empty as null', () => {
    expect(toArguments(model, { ...filled, agree: undefined }).args).toMatchObject({ agree: false, note: null });
  });

  it('says "required" for a required field left empty', () => {
    expect(toArguments(model, { ...filled, name: '' }).errors).toEqual({ name: 'required' });
  });

  it('puts type errors on their field', () => {
    expect(toArguments(model, { ...filled, count: '2.5', ratio: 'abc' }).errors).toEqual({ count: 'must be an integer', ratio: 'must be a number' });
    expect(toArguments(model, { ...filled, count: 'abc', ratio: '1e3' }).errors).toEqual({ count: 'must be an integer' });
    expect(toArguments(model, { ...filled, sizes: ['1', 'x'] }).errors).toEqual({ sizes: 'item 2: must be an integer' });
    expect(toArguments(model, { ...filled, sizes: ['1', ''] }).errors).toEqual({ sizes: 'item 2 is empty' });
    expect(toArguments(model, { ...filled, extra: '{nope' }).errors.extra).toMatch(/^not valid JSON/);
  });

  it('maps what the schema says back onto fields by their path', () => {
    const errors = toArguments(model, { ...filled, name: 'A', count: '11', email: 'nope', tags: ['a', 'b', 'c'], sizes: ['-1'], extra: '{"k":"x"}' }).errors;
    expect(errors).toEqual({
      name: 'must NOT have fewer than 2 characters',
      count: 'must be <= 10',
      email: 'must be an email address',
      tags: 'must NOT have more than 2 items',
      sizes: 'item 1: must be >= 0',
      extra: 'k: must be number',
    });
  });

  it('leaves out an optional object nobody filled in, and checks one somebody did', () => {
    expect(toArguments(model, filled).args).not.toHaveProperty('opts');
    expect(toArguments(model, { ...filled, opts: { depth: '2', mode: '' } })).toMatchObject({ args: { opts: { depth: 2 } }, errors: { 'opts.mode': 'required' } });
    expect(toArguments(model, { ...filled, opts: { depth: 'deep', mode: 'm' } }).errors).toEqual({ 'opts.depth': 'must be an integer' });
    expect(toArguments(model, { ...filled, opts: { depth: '', mode: 'm' } }).args.opts).toEqual({ mode: 'm' });
  });

  it('puts errors that belong to no field under ""', () => {
    const m = buildForm({ type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'ghost'] });
    expect(toArguments(m, { a: 'x' }).errors).toEqual({ '': 'missing required argument "ghost"' });
    const one = buildForm({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, minProperties: 2 });
    expect(toArguments(one, { a: 'x', b: '' }).errors).toEqual({ '': 'the arguments must NOT have fewer than 2 properties' });
  });

  it('sends the only choice of a required const, and checks a required multi-select\'s minimum', () => {
    const m = buildForm({
      type: 'object',
      properties: { kind: { const: 'circle' }, picks: { type: 'array', items: { anyOf: [{ const: 1, title: 'one' }, { const: 2, title: 'two' }] }, minItems: 1 } },
      required: ['kind', 'picks'],
    });
    expect(toArguments(m, {})).toEqual({ args: { kind: 'circle', picks: [] }, errors: { picks: 'must NOT have fewer than 1 items' } });
    expect(toArguments(m, { picks: [2, 1] }).args).toEqual({ kind: 'circle', picks: [1, 2] });
  });

  it('reads list items of booleans and numbers', () => {
    const m = buildForm({ type: 'object', properties: { flags: { type: 'array', items: { type: 'boolean' } }, xs: { type: 'array', items: { type: 'number' } } } });
    expect(toArguments(m, { flags: ['true', 'false'], xs: ['1.5', '-2'] }).args).toEqual({ flags: [true, false], xs: [1.5, -2] });
    expect(toArguments(m, { flags: ['maybe'] }).errors).toEqual({ flags: 'item 1: must be true or false' });
  });

  it('maps errors inside a $ref\'d nested object onto the nested field', () => {
    const m = buildForm({
      type: 'object',
      $defs: { P: { type: 'object', properties: { x: { type: 'number', maximum: 1 } }, additionalProperties: false } },
      properties: { p: { $ref: '#/$defs/P' } },
      required: ['p'],
    });
    expect(toArguments(m, { p: { x: '5' } })).toEqual({ args: { p: { x: 5 } }, errors: { 'p.x': 'must be <= 1' } });
  });
});

describe('unions and lists of objects', () => {
  const m = buildForm({
    type: 'object',
    $defs: { Stop: { type: 'object', properties: { city: { type: 'string', minLength: 2 }, nights: { type: 'integer' } }, required: ['city'] } },
    properties: {
      when: { type: ['boolean', 'string'] },
      id: { anyOf: [{ type: 'string', format: 'uuid' }, { type: 'integer', minimum: 0 }] },
      stops: { type: 'array', items: { $ref: '#/$defs/Stop' }, minItems: 1 },
    },
    required: ['stops'],
  });

  it('sends the chosen variant as its type, and each item of a list of objects as an object', () => {
    const values = initialValues(m, { when: 'later', id: 7, stops: [{ city: 'Oslo', nights: 2 }, { city: 'Rome' }] });
    expect(values).toMatchObject({ when: { '|type': 1, '|1': 'later' }, id: { '|type': 1, '|1': '7' }, stops: [{ city: 'Oslo', nights: '2' }, { city: 'Rome', nights: '' }] });
    expect(toArguments(m, values)).toEqual({ args: { when: 'later', id: 7, stops: [{ city: 'Oslo', nights: 2 }, { city: 'Rome' }] }, errors: {} });
    expect(toArguments(m, { ...values, when: { '|type': 0, '|0': true, '|1': 'later' } }).args.when).toBe(true);
  });

  it('puts the chosen variant\'s own problem on the union, and item problems on the item\'s fields', () => {
    const values = initialValues(m, { id: 'nope', stops: [{ city: 'Oslo' }, { city: 'X', nights: 1 }, {}] });
    expect(toArguments(m, values).errors).toEqual({ id: 'must be a UUID', 'stops.1.city': 'must NOT have fewer than 2 characters', 'stops.2.city': 'required' });
    expect(toArguments(m, { ...values, id: { '|type': 1, '|1': '-1' } }).errors.id).toBe('must be >= 0');
    expect(toArguments(m, initialValues(m)).errors).toEqual({ stops: 'must NOT have fewer than 1 items' });
  });

  it('sends anyway what was typed, as typed, with what the schema finds wrong', () => {
    const values = initialValues(m, { stops: [{ nights: 1 }] });
    const typed = { ...values, id: { '|type': 1, '|1': 'seven' }, stops: [{ city: '', nights: '1.5' }] };
    expect(argumentsAnyway(m, typed)).toEqual({
      args: { id: 'seven', stops: [{ nights: 1.5 }] },
      problems: expect.arrayContaining(['missing required argument "stops.0.city"', '"stops.0.nights" must be integer']),
    });
    expect(argumentsAnyway(m, initialValues(m, { stops: [{ city: 'Oslo' }] })).problems).toEqual([]);
  });
});
