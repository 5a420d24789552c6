// Walks a tool's JSON Schema (untrusted, possibly huge or thousands of levels deep) without
// recursion and within bounds: the rules read what a client would, not every last node.
import { truncate } from '../../util/text.js';

/** The nodes one schema is read to at most, and how deep. */
const MAX_NODES = 5_000;
const MAX_DEPTH = 64;

/** Keywords whose value is a map of schemas. */
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'] as const;
/** Keywords whose value is one schema. */
const SCHEMA_ONE = ['additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems'] as const;
/** Keywords whose value is a list of schemas (`items` may be either). */
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;

export type SchemaNode = Record<string, unknown>;

export interface Visit {
  node: SchemaNode;
  /** A JSON Pointer into the schema ("" is the root). */
  pointer: string;
  /** How many object schemas (with `properties`) hold this one. */
  objectDepth: number;
}

export const isNode = (value: unknown): value is SchemaNode => typeof value === 'object' && value !== null && !Array.isArray(value);

const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** "the root" or "/properties/a": where a keyword is, for a message. */
export const where = (pointer: string) => (pointer ? truncate(pointer, 80) : 'the root');

/**
 * Calls `visit` on the schema and each schema inside it, parents first. Returns false when
 * the schema was bigger or deeper than the bounds (what lies past them was not read).
 */
export function walkSchema(schema: unknown, visit: (at: Visit) => void): boolean {
  if (!isNode(schema)) return true;
  const stack: Frame[] = [{ node: schema, pointer: '', objectDepth: 0, depth: 0 }];
  let seen = 0;
  let whole = true;
  while (stack.length) {
    const at = stack.pop()!;
    if (++seen > MAX_NODES) return false;
    visit(at);
    if (at.depth >= MAX_DEPTH) {
      whole = false;
      continue;
    }
    const from = stack.length;
    const objectDepth = at.objectDepth + (isNode(at.node.properties) ? 1 : 0);
    const depth = at.depth + 1;
    const push = (value: unknown, pointer: string) => {
      if (isNode(value)) stack.push({ node: value, pointer, objectDepth, depth });
    };
    const { node, pointer } = at;
    for (const key of SCHEMA_MAPS) {
      const map = node[key];
      if (isNode(map)) for (const name of Object.keys(map)) push(map[name], `${pointer}/${key}/${escape(name)}`);
    }
    for (const key of SCHEMA_ONE) push(node[key], `${pointer}/${key}`);
    for (const key of SCHEMA_LISTS) {
      const list = node[key];
      if (Array.isArray(list)) for (let i = 0; i < list.length; i++) push(list[i], `${pointer}/${key}/${i}`);
    }
    const items = node.items;
    if (Array.isArray(items)) for (let i = 0; i < items.length; i++) push(items[i], `${pointer}/items/${i}`);
    else push(items, `${pointer}/items`);
    // Pushed in the schema's order: reversed, they come off the stack in it.
    reverse(stack, from);
  }
  return whole;
}

interface Frame extends Visit {
  depth: number;
}

function reverse(list: Frame[], from: number): void {
  for (let i = from, j = list.length - 1; i < j; i++, j--) [list[i], list[j]] = [list[j]!, list[i]!];
}
