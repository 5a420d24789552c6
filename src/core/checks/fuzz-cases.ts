import { createGeneratorSync } from 'json-schema-faker';
import { validate } from '../schema/validator.js';
import { isRecord } from '../../util/is-record.js';
import { formatCount } from '../../util/text.js';

/** One set of arguments to send, and whether the tool's input schema allows it. */
export interface FuzzCase {
  args: Record<string, unknown>;
  /** From the generator (valid), a boundary value in one field (edge), or broken on purpose (invalid). */
  kind: 'valid' | 'edge' | 'invalid';
  /** What the input schema says of these arguments (an edge value may be out of range, a mutation may still pass). */
  valid: boolean;
  /** What was done, in a few words: `b = 0`, `without "text"`. */
  label: string;
}

type Schema = Record<string, unknown>;

const LONG = 'x'.repeat(10_000);
/** Values at the edges of each type: empty, zero, huge, negative, odd characters. */
const EDGES: Record<string, unknown[]> = {
  string: ['', ' ', LONG, '\u0000\u001b[2J', '😀\u202e', '-1', 'null'],
  number: [0, -1, 0.5, -0.000001, 1e308, -1e308, 9007199254740993],
  integer: [0, -1, 1, 2147483648, -2147483649, Number.MAX_SAFE_INTEGER],
  boolean: [true, false],
  array: [[], [null]],
  object: [{}],
  null: [null],
};
/** A value of another type than the schema's, for each type. */
const WRONG: Record<string, unknown> = { string: 12345, number: 'not a number', integer: 1.5, boolean: 'true', array: 'not an array', object: 'not an object', null: 0 };

/** The type a property's schema names first (null last), or undefined when it names none. */
function typeOf(schema: unknown): string | undefined {
  if (!isRecord(schema)) return undefined;
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return (t.find((x) => x !== 'null') ?? t[0]) as string | undefined;
  const branch = [schema.anyOf, schema.oneOf].find(Array.isArray) as unknown[] | undefined;
  return branch ? branch.map(typeOf).find((x) => x && x !== 'null') : undefined;
}

/** Edge values for one property: its own bounds and enum first, then its type's edges. */
function edgesFor(schema: unknown): unknown[] {
  if (!isRecord(schema)) return [null, '', 0];
  const own: unknown[] = [];
  if (Array.isArray(schema.enum)) own.push(...schema.enum, 'not-one-of-them');
  for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) {
    const n = schema[key];
    if (typeof n === 'number') own.push(n, key.startsWith('min') || key === 'exclusiveMinimum' ? n - 1 : n + 1);
  }
  for (const key of ['minLength', 'maxLength']) {
    const n = schema[key];
    if (typeof n === 'number' && n < 100_000) own.push('y'.repeat(n), 'y'.repeat(key === 'minLength' ? Math.max(0, n - 1) : n + 1));
  }
  const type = typeOf(schema);
  return [...own, ...(type ? EDGES[type] ?? [] : [null, '', 0])];
}

/** The schema without `$schema`: the generator refuses drafts it does not know, and the keywords read the same. */
function forGenerator(schema: Schema): Schema {
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}

/**
 * Arguments for a tool, generated from its input schema by json-schema-faker (seeded)
 * and mutated: valid ones, one field at an edge at a time, and broken ones (a required
 * field left out, a field of the wrong type, an unknown field). Kinds take turns, so a
 * small budget already meets each; after the edges and breaks run out, generated ones
 * (with every optional field, or only the required) go on as long as asked.
 */
export function* fuzzCases(inputSchema: Schema, seed: number): Generator<FuzzCase> {
  const generators = [
    createGeneratorSync({ seed, maxLength: 64, maxItems: 5, optionalsProbability: 0.5 }),
    createGeneratorSync({ seed: seed + 1, maxLength: 64, maxItems: 5, alwaysFakeOptionals: true }),
  ];
  const schema = forGenerator(inputSchema);
  const generate = (i: number): Record<string, unknown> => {
    try {
      const value = generators[i % generators.length]!.generate(schema);
      return isRecord(value) ? value : {};
    } catch {
      // A schema the generator cannot follow: the edges and breaks still go.
      return {};
    }
  };
  const make = (args: Record<string, unknown>, kind: FuzzCase['kind'], label: string): FuzzCase => ({ args, kind, label, valid: validate(inputSchema, args).valid });
  const base = generate(0);
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  // Round by round, each field's next edge: with a small budget every field meets its
  // likeliest trouble (zero, empty, its own bounds) before any field meets its oddest.
  const perField = Object.entries(properties).map(([name, prop]) => edgesFor(prop).map((value) => ({ name, value })));
  const edges = Array.from({ length: Math.max(0, ...perField.map((e) => e.length)) }, (_, i) => perField.flatMap((e) => (e[i] ? [e[i]] : []))).flat();
  const breaks: (() => FuzzCase)[] = [
    ...required.map((name) => () => {
      const { [name]: _left, ...rest } = base;
      return make(rest, 'invalid', `without "${name}"`);
    }),
    ...Object.entries(properties).map(([name, prop]) => () => make({ ...base, [name]: WRONG[typeOf(prop) ?? 'null'] ?? null }, 'invalid', `"${name}" of the wrong type`)),
    () => make({ ...base, unexpected_field: 'fuzz' }, 'invalid', 'an unknown field'),
    () => make({}, required.length ? 'invalid' : 'edge', 'no arguments at all'),
  ];
  yield make(base, 'valid', 'generated');
  for (let round = 1; ; round++) {
    const edge = edges.shift();
    if (edge) yield make({ ...base, [edge.name]: edge.value }, 'edge', `${edge.name} = ${describe(edge.value)}`);
    const broken = breaks.shift();
    if (broken) yield broken();
    yield make(generate(round), 'valid', 'generated');
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return value.length > 20 ? `a string of ${formatCount(value.length)} characters` : JSON.stringify(value);
  return JSON.stringify(value);
}
