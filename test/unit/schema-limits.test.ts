// Schemas nested thousands deep and schemas that recurse through $ref: measured without
// recursion, never compiled when too deep, shown in part, and never a RangeError.
import { beforeAll, describe, expect, it } from 'vitest';
import { coerceArguments } from '../../src/core/schema/coerce.js';
import { jsonChoices, jsonLabel, MAX_SCHEMA_DEPTH, nestingDepth, pruneDeep } from '../../src/core/schema/depth.js';
import { stringifyWhole as tryJson } from '../../src/util/json.js';
import { parseJsonArguments } from '../../src/core/schema/form-json.js';
import { buildForm, initialValues, toArguments, type Field } from '../../src/core/schema/form.js';
import { summarizeParams } from '../../src/core/schema/signature.js';
import { loadValidator, uncheckedReason, validate } from '../../src/core/schema/validator.js';

// The schema checker loads on first use (validator.ts); these tests check values directly.
beforeAll(loadValidator);

type Schema = Record<string, unknown>;

/** Objects in objects, `levels` deep (two JSON levels each: the schema and its properties). */
function deepSchema(levels: number): Schema {
  let schema: Schema = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { level: schema } };
  return schema;
}

function deepValue(levels: number, leaf: unknown = 'x'): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = { level: value };
  return value;
}

const node = {
  type: 'object',
  properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } },
  required: ['name'],
};
const tree: Schema = { type: 'object', properties: { tree: { $ref: '#/$defs/node' } }, $defs: { node } };
const self: Schema = { type: 'object', properties: { value: { type: 'string' }, next: { $ref: '#' } } };

describe('nestingDepth', () => {
  it('counts objects and arrays, a scalar being 0', () => {
    expect(nestingDepth('x')).toBe(0);
    expect(nestingDepth({})).toBe(1);
    expect(nestingDepth({ a: [1, { b: null }] })).toBe(3);
  });

  it('measures 100,000 levels without overflowing the stack', () => {
    expect(nestingDepth(deepValue(100_000))).toBe(100_000);
  });

  it('ends on an object that contains itself', () => {
    const loop: Record<string, unknown> = { a: {} };
    (loop.a as Record<string, unknown>).back = loop;
    expect(nestingDepth(loop)).toBe(2);
  });
});

describe('validate: deep and recursive schemas', () => {
  it('does not compile a schema 5,000 levels deep: the value goes through unchecked, and it says why', () => {
    const schema = deepSchema(5000);
    const result = validate(schema, { level: 42 });
    expect(result.valid).toBe(true);
    expect(result.unchecked).toBe(`the schema is too deep to check (10,001 levels, limit ${MAX_SCHEMA_DEPTH})`);
    expect(result.errors).toEqual([result.unchecked]);
    expect(uncheckedReason(schema)).toBe(result.unchecked);
  });

  it('still checks a schema just under the limit', () => {
    const levels = MAX_SCHEMA_DEPTH / 2 - 1;
    const schema = deepSchema(levels);
    expect(nestingDepth(schema)).toBeLessThanOrEqual(MAX_SCHEMA_DEPTH);
    expect(uncheckedReason(schema)).toBeUndefined();
    expect(validate(schema, deepValue(levels, 1)).valid).toBe(false);
    expect(validate(schema, deepValue(levels, 'ok'))).toEqual({ valid: true, errors: [] });
  });

  it('follows a recursive $ref through $defs as deep as the value goes', () => {
    const good = { tree: { name: 'root', children: [{ name: 'a', children: [{ name: 'b', children: [] }] }] } };
    expect(validate(tree, good)).toEqual({ valid: true, errors: [] });
    const bad = { tree: { name: 'root', children: [{ name: 'a', children: [{ children: [] }] }] } };
    expect(validate(tree, bad)).toMatchObject({ valid: false, errors: ['missing required argument "tree.children.0.children.0.name"'] });
  });

  it('follows a $ref to the root itself, and a root that is a $ref', () => {
    expect(validate(self, { value: 'a', next: { value: 'b', next: { value: 'c' } } }).valid).toBe(true);
    expect(validate(self, { value: 'a', next: { value: 'b', next: { value: 3 } } })).toMatchObject({ valid: false, errors: ['"next.next.value" must be string'] });
    const rooted = { type: 'object', $ref: '#/$defs/node', $defs: { node } };
    expect(validate(rooted, { name: 'r', children: [{ name: 'x' }] }).valid).toBe(true);
    expect(validate(rooted, { children: [] }).valid).toBe(false);
  });

  it('keeps a schema\'s own $id for refs that name it, but never lets it unregister a meta-schema', () => {
    const named = { $id: 'https://example.com/tool.json', type: 'object', properties: { a: { $ref: 'https://example.com/tool.json#/$defs/A' }, b: { $ref: '#' } }, $defs: { A: { type: 'string' } } };
    expect(validate(named, { a: 'x', b: { a: 'y' } })).toEqual({ valid: true, errors: [] });
    expect(validate(named, { b: { a: 1 } })).toMatchObject({ valid: false, errors: ['"b.a" must be string'] });
    const relative = { $id: 'tool.json', type: 'object', properties: { next: { $ref: '#' }, n: { type: 'integer' } } };
    expect(validate(relative, { next: { n: 'x' } }).valid).toBe(false);
    const meta = { $id: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { n: { type: 'integer' } } };
    expect(validate(meta, { n: 'x' }).valid).toBe(false);
    // Compiling still works after it: the meta-schema is where it was.
    expect(validate({ type: 'object', properties: { m: { type: 'string', format: 'email' } } }, { m: 'a' }).valid).toBe(false);
  });

  it('reports a value nested too deep to check through a recursive schema, instead of throwing', () => {
    let value: unknown = { value: 'end' };
    for (let i = 0; i < 50_000; i++) value = { value: 'v', next: value };
    const result = validate(self, value);
    expect(result).toMatchObject({ valid: true, unchecked: 'the value is nested too deep to check' });
  });
});

describe('forms from deep and recursive schemas', () => {
  const objects = (field: Field | undefined) => {
    let depth = 0;
    while (field?.kind === 'object') [field, depth] = [field.fields[0], depth + 1];
    return { field, depth };
  };

  it('stops a 5,000-deep schema at the form depth with a raw JSON field, and says arguments are not checked', () => {
    const model = buildForm(deepSchema(5000));
    expect(model.unsupported).toEqual([]);
    expect(model.unchecked).toMatch(/^the schema is too deep to check \(10,001 levels/);
    const { field, depth } = objects(model.fields[0]);
    expect(field).toMatchObject({ kind: 'json', reason: 'nested too deep for the form' });
    expect(depth).toBeLessThan(10);
    // Whatever is typed there goes out as it is.
    const values = initialValues(model);
    const inner = field!.path.slice(0, -1).reduce((v: Schema, k) => v[k] as Schema, values);
    inner[field!.key] = '{"level": {"level": 1}}';
    const { args, errors } = toArguments(model, values);
    expect(errors).toEqual({});
    expect(JSON.stringify(args)).toContain('{"level":{"level":1}}');
  });

  it('ends a recursive $ref at the root, or a tree through $defs, in a raw JSON field', () => {
    const model = buildForm(self);
    expect(model.fields.map((f) => [f.key, f.kind])).toEqual([['value', 'string'], ['next', 'object']]);
    const next = model.fields[1] as Extract<Field, { kind: 'object' }>;
    expect(next.fields[1]).toMatchObject({ kind: 'json', reason: 'a recursive $ref (#)' });
    const treeForm = buildForm(tree);
    const root = treeForm.fields[0] as Extract<Field, { kind: 'object' }>;
    expect(root.fields.map((f) => [f.key, f.kind])).toEqual([['name', 'string'], ['children', 'json']]);
    expect(root.fields[1]).toMatchObject({ reason: 'a list of items that are a recursive $ref (#/$defs/node)' });
    expect(treeForm.unchecked).toBeUndefined();
  });

  it('raw JSON arguments for a too-deep schema are not refused, and carry the note', () => {
    const result = parseJsonArguments(deepSchema(5000), '{"level": "anything"}');
    expect(result).toMatchObject({ args: { level: 'anything' }, errors: [], unchecked: expect.stringContaining('too deep to check') });
  });

  it('starts a json field empty when its default is too deep to write out', () => {
    const model = buildForm({ type: 'object', properties: { blob: { default: deepValue(20_000) } } });
    expect(model.fields[0]!.kind).toBe('json');
    expect(initialValues(model)).toEqual({ blob: '' });
  });

  it('shows a const and an enum nested thousands deep as short labels', () => {
    const model = buildForm({ type: 'object', properties: { c: { const: deepValue(20_000) }, e: { enum: [deepValue(20_000), 'b'] } } });
    expect(model.fields.map((f) => f.kind)).toEqual(['enum', 'enum']);
    const label = (model.fields[1] as Extract<Field, { kind: 'enum' }>).options[0]!.label;
    expect(label).toContain('more levels, not shown');
  });
});

describe('showing deep values', () => {
  it('pruneDeep cuts at the given level and says how deep the rest goes', () => {
    expect(pruneDeep({ a: { b: { c: { d: 1 } } } }, 2)).toEqual({ a: { b: '⟨2 more levels, not shown⟩' } });
    expect(pruneDeep([1, [2, [3]]], 5)).toEqual([1, [2, [3]]]);
    expect(JSON.stringify(pruneDeep(deepValue(50_000), 64)).length).toBeLessThan(2000);
  });

  it('jsonLabel and tryJson never throw; jsonChoices shows the first few of many', () => {
    expect(jsonLabel(deepValue(50_000))).toContain('more levels, not shown');
    expect(tryJson(deepValue(50_000))).toBeUndefined();
    expect(tryJson({ a: 1 })).toBe('{"a":1}');
    expect(jsonChoices(Array.from({ length: 100_000 }, (_, i) => i), ' | ', 3)).toBe('0 | 1 | 2 | … (100,000 values)');
  });

  it('summarizeParams reads the first few of 100,000 parameters, follows a root $ref, and labels a recursive one', () => {
    const properties = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`p${i}`, { type: 'integer' }]));
    const { params, total } = summarizeParams({ type: 'object', properties }, 3);
    expect(params.map((p) => p.name)).toEqual(['p0', 'p1', 'p2']);
    expect(total).toBe(100_000);
    const rooted = summarizeParams({ type: 'object', $ref: '#/$defs/node', $defs: { node } });
    expect(rooted.params.map((p) => [p.name, p.type])).toEqual([['name', 'string'], ['children', 'node[]']]);
    expect(summarizeParams(self).params.map((p) => [p.name, p.type])).toEqual([['value', 'string'], ['next', '#']]);
  });

  it('coerces key=value words against a schema of anyOf nested thousands deep', () => {
    let alt: Schema = { type: 'integer' };
    for (let i = 0; i < 20_000; i++) alt = { anyOf: [alt] };
    expect(coerceArguments(['n=5'], { type: 'object', properties: { n: alt } })).toEqual({ n: '5' });
  });
});

describe('summarizeParams: type labels', () => {
  it('reads a nullable type the same written either way: integer? (zod writes anyOf [integer, null])', () => {
    const properties = {
      a: { anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }] },
      b: { type: ['integer', 'null'] },
      c: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
      d: { type: 'null' },
    };
    expect(summarizeParams({ type: 'object', properties }).params.map((p) => p.type)).toEqual(['integer?', 'integer?', 'string | number | null', 'null']);
  });
});
