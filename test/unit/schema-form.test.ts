import { beforeAll, describe, expect, it } from 'vitest';
import { buildForm, initialValues, toArguments, type Field } from '../../src/core/schema/form.js';
import { loadValidator } from '../../src/core/schema/validator.js';

beforeAll(loadValidator);

const only = (schema: Record<string, unknown>, required = false): Field => {
  const model = buildForm({ type: 'object', properties: { f: schema }, ...(required && { required: ['f'] }) });
  expect(model.unsupported).toEqual([]);
  return model.fields[0]!;
};

describe('buildForm: field kinds', () => {
  it('reads a string with its format, lengths and pattern, and the common parts', () => {
    const model = buildForm({
      type: 'object',
      properties: { email: { type: 'string', title: 'E-mail', description: 'where to write', format: 'email', minLength: 3, maxLength: 50, pattern: '@', default: 'a@b.c' } },
      required: ['email'],
    });
    expect(model.fields[0]).toMatchObject({
      kind: 'string', path: ['email'], key: 'email', label: 'E-mail', description: 'where to write', required: true,
      default: 'a@b.c', format: 'email', minLength: 3, maxLength: 50, pattern: '@',
    });
  });

  it('labels a field by its key when it has no title, and has no default unless one is given', () => {
    const f = only({ type: 'string' });
    expect(f.label).toBe('f');
    expect('default' in f).toBe(false);
    expect(f.required).toBe(false);
  });

  it('reads numbers and integers with their bounds, and booleans', () => {
    expect(only({ type: 'number', minimum: 0.5, maximum: 9 })).toMatchObject({ kind: 'number', minimum: 0.5, maximum: 9 });
    expect(only({ type: 'integer', minimum: 1 })).toMatchObject({ kind: 'integer', minimum: 1 });
    expect(only({ type: 'boolean', default: true })).toMatchObject({ kind: 'boolean', default: true });
  });

  it('reads every spelling of a single choice', () => {
    const options = [{ value: 'r', label: 'Red' }, { value: 'g', label: 'Green' }];
    expect(only({ type: 'string', enum: ['r', 'g'] })).toMatchObject({ kind: 'enum', options: [{ value: 'r', label: 'r' }, { value: 'g', label: 'g' }] });
    expect(only({ type: 'string', oneOf: [{ const: 'r', title: 'Red' }, { const: 'g', title: 'Green' }] })).toMatchObject({ kind: 'enum', options });
    expect(only({ type: 'string', anyOf: [{ const: 'r', title: 'Red' }, { const: 'g', title: 'Green' }] })).toMatchObject({ kind: 'enum', options });
    expect(only({ type: 'string', enum: ['r', 'g'], enumNames: ['Red', 'Green'] })).toMatchObject({ kind: 'enum', options });
    expect(only({ enum: [1, null] })).toMatchObject({ kind: 'enum', options: [{ value: 1, label: '1' }, { value: null, label: 'null' }] });
  });

  it('reads a lone const as a choice of one that is sent by default', () => {
    expect(only({ const: 'circle' })).toMatchObject({ kind: 'enum', default: 'circle', options: [{ value: 'circle' }] });
  });

  it('reads every spelling of a multi-select, with its counts', () => {
    expect(only({ type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1, maxItems: 2 })).toMatchObject({
      kind: 'multi', minItems: 1, maxItems: 2, options: [{ value: 'a', label: 'a' }, { value: 'b', label: 'b' }],
    });
    for (const word of ['anyOf', 'oneOf']) {
      expect(only({ type: 'array', items: { [word]: [{ const: 'a', title: 'A' }, { const: 'b', title: 'B' }] } })).toMatchObject({
        kind: 'multi', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }],
      });
    }
  });

  it('reads arrays of scalars as lists, of objects as lists of forms, and anything else as raw JSON', () => {
    for (const item of ['string', 'number', 'integer', 'boolean']) {
      expect(only({ type: 'array', items: { type: item }, maxItems: 3 })).toMatchObject({ kind: 'list', item, maxItems: 3 });
    }
    const objects = only({ type: 'array', items: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, minItems: 1 });
    expect(objects).toMatchObject({ kind: 'objects', minItems: 1, fields: [{ kind: 'string', path: ['f', '|item', 'a'], required: true }] });
    expect(only({ type: 'array', items: { type: 'object', additionalProperties: true } })).toMatchObject({ kind: 'json', reason: 'a list of structured items' });
    expect(only({ type: 'array', items: [{ type: 'string' }] })).toMatchObject({ kind: 'json', reason: 'a tuple' });
  });

  it('reads nested objects with paths, and leaves free-form or untyped values to raw JSON', () => {
    const f = only({ type: 'object', title: 'Options', properties: { depth: { type: 'integer' }, inner: { properties: { x: { type: 'string' } }, required: ['x'] } }, required: ['depth'] });
    expect(f).toMatchObject({ kind: 'object', label: 'Options' });
    const fields = (f as Extract<Field, { kind: 'object' }>).fields;
    expect(fields.map((c) => [c.kind, c.path, c.required])).toEqual([['integer', ['f', 'depth'], true], ['object', ['f', 'inner'], false]]);
    expect((fields[1] as Extract<Field, { kind: 'object' }>).fields[0]).toMatchObject({ kind: 'string', path: ['f', 'inner', 'x'], required: true });
    expect(only({ type: 'object', additionalProperties: { type: 'string' } })).toMatchObject({ kind: 'json', reason: 'an object with free-form keys' });
    expect(only({ type: 'object' })).toMatchObject({ kind: 'json' });
    expect(only({})).toMatchObject({ kind: 'json', reason: 'any JSON value' });
    expect(only({ type: ['string', 'object'] })).toMatchObject({ kind: 'json', reason: 'several types' });
    expect(only({ oneOf: [{ type: 'string' }, { type: 'object', additionalProperties: true }] })).toMatchObject({ kind: 'json', reason: 'uses "oneOf" of structured alternatives' });
    expect(only({ anyOf: [{ type: 'array', items: [{ type: 'string' }] }, { type: 'object', properties: { a: {} } }] })).toMatchObject({ kind: 'json', reason: 'uses "anyOf" of structured alternatives' });
  });

  it('reads a oneOf/anyOf of objects as a union of shapes: named by title, tag or keys, each with its own fields', () => {
    const shapes = only({
      oneOf: [
        { type: 'object', properties: { kind: { const: 'circle' }, radius: { type: 'number' } }, required: ['kind', 'radius'] },
        { type: 'object', properties: { width: { type: 'integer' }, height: { type: 'integer' }, depth: { type: 'integer' }, unit: { type: 'string' } } },
        { type: 'object', title: 'Empty', properties: {} },
        { type: 'string' },
      ],
    }) as Extract<Field, { kind: 'union' }>;
    expect(shapes.variants.map((v) => [v.kind, v.typeLabel])).toEqual([['object', 'circle'], ['object', '{width, height, depth, …}'], ['object', 'Empty'], ['string', 'string']]);
    expect(shapes.variants[0]).toMatchObject({ fields: [{ kind: 'enum', path: ['f', '|0', 'kind'], default: 'circle' }, { kind: 'number', path: ['f', '|0', 'radius'], required: true }] });
  });

  it('sends the chosen shape, places its problems on its own fields, and reads a given value back into its shape', () => {
    const model = buildForm({
      type: 'object',
      required: ['shape'],
      properties: {
        shape: {
          oneOf: [
            { type: 'object', properties: { kind: { const: 'circle' }, radius: { type: 'number', minimum: 0 } }, required: ['kind', 'radius'] },
            { type: 'object', properties: { kind: { const: 'rect' }, width: { type: 'integer' } }, required: ['kind', 'width'] },
          ],
        },
      },
    });
    const values = initialValues(model);
    expect(toArguments(model, values).errors).toEqual({ 'shape.|0.radius': 'required' });
    const circle = toArguments(model, { shape: { ...(values.shape as object), '|0': { kind: 'circle', radius: '-2' } } });
    expect(circle).toEqual({ args: { shape: { kind: 'circle', radius: -2 } }, errors: { 'shape.|0.radius': 'must be >= 0' } });
    const rect = initialValues(model, { shape: { kind: 'rect', width: 3 } });
    expect(rect.shape).toMatchObject({ '|type': 1, '|1': { kind: 'rect', width: '3' } });
    expect(toArguments(model, rect)).toEqual({ args: { shape: { kind: 'rect', width: 3 } }, errors: {} });
  });

  it('reads several simple types as a union of variants, each with its own schema', () => {
    const mixed = only({ type: ['boolean', 'string'], maxLength: 3, default: true }) as Extract<Field, { kind: 'union' }>;
    expect(mixed).toMatchObject({ kind: 'union', default: true });
    expect(mixed.variants.map((v) => [v.kind, v.typeLabel, v.path])).toEqual([['boolean', 'boolean', ['f', '|0']], ['string', 'string', ['f', '|1']]]);
    expect(mixed.variants[1]).toMatchObject({ maxLength: 3 });
    const any = only({ anyOf: [{ type: 'integer', minimum: 0 }, { const: 'auto' }, { type: 'array', items: { type: 'string' }, title: 'Paths' }] }) as Extract<Field, { kind: 'union' }>;
    expect(any.variants.map((v) => [v.kind, v.typeLabel])).toEqual([['integer', 'integer'], ['enum', 'auto'], ['list', 'Paths']]);
  });
});

describe('buildForm: nullable, $ref and the top level', () => {
  it('reads every spelling of "X or null" as a choice of X or null', () => {
    const variants = (f: Field) => (f as Extract<Field, { kind: 'union' }>).variants;
    const plain = only({ type: ['string', 'null'] });
    expect(plain).toMatchObject({ kind: 'union', nullable: true });
    expect(variants(plain).map((v) => v.kind)).toEqual(['string', 'null']);
    const count = only({ anyOf: [{ type: 'integer', minimum: 2 }, { type: 'null' }], title: 'Count' });
    expect(count).toMatchObject({ kind: 'union', nullable: true, label: 'Count' });
    expect(variants(count)[0]).toMatchObject({ kind: 'integer', minimum: 2, label: 'Count', nullable: true });
    expect(variants(only({ oneOf: [{ type: 'null' }, { type: 'boolean' }] })).map((v) => v.kind)).toEqual(['boolean', 'null']);
    expect(variants(only({ anyOf: [{ const: 'a', title: 'A' }, { const: 'b' }, { type: 'null' }] }))[0]).toMatchObject({ kind: 'enum', options: [{ label: 'A' }, { label: 'b' }] });
    expect(only({ type: 'string' }).nullable).toBeUndefined();
    // An object or null stays an object: a union's variants are values a row can edit.
    expect(only({ type: ['object', 'null'], properties: { a: { type: 'string' } } })).toMatchObject({ kind: 'object', nullable: true });
  });

  it('follows local $refs to $defs and definitions, with the referrer\'s title and default winning', () => {
    const model = buildForm({
      type: 'object',
      $defs: { Color: { type: 'string', enum: ['red', 'blue'], title: 'Colour' } },
      definitions: { 'Point~/': { type: 'object', properties: { x: { type: 'number' } } } },
      properties: {
        color: { $ref: '#/$defs/Color', default: 'blue' },
        legacy: { allOf: [{ $ref: '#/$defs/Color' }], title: 'Old colour' },
        point: { $ref: '#/definitions/Point~0~1' },
        maybe: { anyOf: [{ $ref: '#/$defs/Color' }, { type: 'null' }] },
      },
    });
    expect(model.fields.map((f) => [f.key, f.kind, f.label, f.default])).toEqual([
      ['color', 'enum', 'Colour', 'blue'],
      ['legacy', 'enum', 'Old colour', undefined],
      ['point', 'object', 'point', undefined],
      ['maybe', 'union', 'Colour', undefined],
    ]);
    expect(model.fields[3]!.nullable).toBe(true);
  });

  it('ends a recursive $ref in a raw JSON field, and treats a missing or remote $ref the same', () => {
    const model = buildForm({
      type: 'object',
      $defs: { Node: { type: 'object', properties: { name: { type: 'string' }, child: { $ref: '#/$defs/Node' } } } },
      properties: { tree: { $ref: '#/$defs/Node' }, gone: { $ref: '#/$defs/Nope' }, far: { $ref: 'https://example.com/s.json' } },
    });
    const tree = model.fields[0] as Extract<Field, { kind: 'object' }>;
    expect(tree.fields.map((f) => [f.key, f.kind])).toEqual([['name', 'string'], ['child', 'json']]);
    expect(tree.fields[1]).toMatchObject({ reason: 'a recursive $ref (#/$defs/Node)', path: ['tree', 'child'] });
    expect(model.fields[1]).toMatchObject({ kind: 'json', reason: 'a $ref that cannot be followed (#/$defs/Nope)' });
    expect(model.fields[2]).toMatchObject({ kind: 'json' });
  });

  it('caps how deep objects nest', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 10; i++) schema = { type: 'object', properties: { n: schema } };
    let field: Field | undefined = buildForm(schema).fields[0];
    let depth = 1;
    while (field?.kind === 'object') [field, depth] = [field.fields[0], depth + 1];
    expect(field).toMatchObject({ kind: 'json', reason: 'nested too deep for the form' });
    expect(depth).toBeLessThan(10);
  });

  it('reads a union nested 10,000 deep as raw JSON, without walking all of it', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 10_000; i++) schema = { anyOf: [schema, { type: 'integer' }] };
    expect(only(schema)).toMatchObject({ kind: 'json' });
    let mixed: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 10_000; i++) mixed = { type: ['boolean', 'array'], items: mixed };
    expect(() => only(mixed)).not.toThrow();
  });

  it('counts a list of objects as a level, objects inside its items too', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 10; i++) schema = i % 2 ? { type: 'object', properties: { n: schema } } : { type: 'array', items: { type: 'object', properties: { n: schema } } };
    let field: Field | undefined = buildForm(schema).fields[0];
    const kinds: string[] = [];
    while (field?.kind === 'object' || field?.kind === 'objects') {
      kinds.push(field.kind);
      field = field.fields[0];
    }
    expect(kinds).toEqual(['objects', 'object', 'objects', 'object', 'objects']);
    expect(field).toMatchObject({ kind: 'json', reason: 'nested too deep for the form' });
  });

  it('reports what the form cannot stand for at the top level', () => {
    expect(buildForm('nope').unsupported).toEqual(['the schema is not a JSON object']);
    expect(buildForm({ type: 'string' }).unsupported[0]).toMatch(/of type string/);
    expect(buildForm({ type: 'object', oneOf: [{ required: ['a'] }, { required: ['b'] }], properties: { a: {}, b: {} } }).unsupported).toEqual(['the schema uses "oneOf" at the top level']);
    expect(buildForm({ type: 'object', additionalProperties: { type: 'number' } }).unsupported).toEqual(['the arguments are an object with free-form keys']);
    expect(buildForm({ type: 'object' })).toMatchObject({ fields: [], unsupported: [] });
    expect(buildForm({ $ref: '#/$defs/A', $defs: { A: { type: 'object', properties: { a: { type: 'string' } } } } }).fields[0]).toMatchObject({ key: 'a' });
  });
});
