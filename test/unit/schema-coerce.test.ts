import { describe, expect, it } from 'vitest';
import { CoerceError, coerceArguments } from '../../src/core/schema/coerce.js';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    count: { type: 'integer' },
    ratio: { type: 'number' },
    verbose: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
    ids: { type: 'array', items: { type: 'integer' } },
    options: { type: 'object' },
    limit: { type: ['integer', 'null'] },
    label: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    depth: { anyOf: [{ type: 'number' }, { type: 'null' }] },
  },
};
const coerce = (...pairs: string[]) => coerceArguments(pairs, schema);

describe('coerceArguments', () => {
  it('keeps strings as written, including "=" inside the value', () => {
    expect(coerce('name=a=b', 'name2=')).toEqual({ name: 'a=b', name2: '' });
  });

  it('parses numbers and integers', () => {
    expect(coerce('count=42', 'ratio=-0.25')).toEqual({ count: 42, ratio: -0.25 });
  });

  it('refuses a non-number and names the argument', () => {
    expect(() => coerce('ratio=lots')).toThrow(new CoerceError('ratio must be a number, got "lots"'));
    expect(() => coerce('count=')).toThrow('count must be a number, got ""');
  });

  it('keeps what does not read as its type as the text given, when unchecked (--no-validate)', () => {
    expect(coerceArguments(['ratio=lots', 'count=1.5', 'verbose=maybe', 'name=x'], schema, { strict: false })).toEqual({ ratio: 'lots', count: '1.5', verbose: 'maybe', name: 'x' });
  });

  it('refuses 1.5 for an integer', () => {
    expect(() => coerce('count=1.5')).toThrow(new CoerceError('count must be an integer, got "1.5"'));
  });

  it('refuses a number JSON cannot carry', () => {
    // JSON.stringify(Infinity) is null: the server would get something else than typed.
    expect(() => coerce('ratio=Infinity')).toThrow(CoerceError);
  });

  it('reads booleans in the usual spellings and refuses others', () => {
    expect(coerce('verbose=true')).toEqual({ verbose: true });
    expect(coerce('verbose=NO')).toEqual({ verbose: false });
    expect(coerce('verbose=1')).toEqual({ verbose: true });
    expect(() => coerce('verbose=maybe')).toThrow(new CoerceError('verbose must be true or false, got "maybe"'));
  });

  it('reads arrays as a comma list, typing each item', () => {
    expect(coerce('tags=a, b,c', 'ids=1,2,3')).toEqual({ tags: ['a', 'b', 'c'], ids: [1, 2, 3] });
    expect(coerce('tags=')).toEqual({ tags: [] });
    expect(() => coerce('ids=1,x')).toThrow('ids must be a number, got "x"');
  });

  it('reads arrays as JSON', () => {
    expect(coerce('tags=["a,b", "c"]')).toEqual({ tags: ['a,b', 'c'] });
  });

  it('reads objects as JSON and says when it is not', () => {
    expect(coerce('options={"deep": {"x": [1]}}')).toEqual({ options: { deep: { x: [1] } } });
    expect(() => coerce('options={deep: 1}')).toThrow(/^options must be JSON here: /);
  });

  it('accepts null for a nullable type list, and the real type otherwise', () => {
    expect(coerce('limit=null', 'limit2=5')).toEqual({ limit: null, limit2: '5' });
    expect(coerce('limit=7')).toEqual({ limit: 7 });
  });

  it('types a value by the non-null branch of an anyOf union', () => {
    expect(coerce('depth=3')).toEqual({ depth: 3 });
    expect(coerce('label=hello')).toEqual({ label: 'hello' });
  });

  it('accepts null for an anyOf union with a null branch', () => {
    expect(coerce('depth=null')).toEqual({ depth: null });
  });

  it('keeps every value a string when there is no schema', () => {
    expect(coerceArguments(['count=1', 'verbose=true'], undefined)).toEqual({ count: '1', verbose: 'true' });
  });

  it('refuses a word without "=" or with an empty key', () => {
    expect(() => coerce('count')).toThrow(new CoerceError(`"count" is not key=value (use --args '<json>' for complex values)`));
    expect(() => coerce('=5')).toThrow(`"=5" is not key=value`);
  });
});

describe('coerceArguments reads the schema as the form does', () => {
  it('follows $ref and a one-element allOf, and takes OpenAPI nullable', () => {
    const refs = {
      type: 'object',
      $defs: { Level: { type: 'integer' } },
      properties: { level: { $ref: '#/$defs/Level' }, floor: { allOf: [{ $ref: '#/$defs/Level' }], default: 1 }, ratio: { type: 'number', nullable: true } },
    };
    expect(coerceArguments(['level=2', 'floor=3', 'ratio=null'], refs)).toEqual({ level: 2, floor: 3, ratio: null });
  });
});
