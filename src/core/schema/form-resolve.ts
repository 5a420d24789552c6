import { isRecord } from '../../util/is-record.js';
import type { Schema } from './form-model.js';

/** How many `$ref`s one field may follow before it is left to raw JSON. */
const MAX_REFS = 12;

export interface Resolved {
  schema: Schema;
  nullable: boolean;
  /** The refs followed to get here: a ref already on this chain is recursion. */
  refs: string[];
  /** Why this schema cannot be a form field (it becomes a raw JSON field). */
  problem?: string;
}

/**
 * Follows local `$ref`s, unwraps a one-element `allOf` (pydantic's way of putting a
 * default next to a ref) and collapses "X or null" to X with `nullable`, until none
 * of those is left. Sibling keywords (title, description, default) win over the
 * target's, as they do for a person reading the schema.
 */
export function resolve(raw: unknown, root: Schema, refs: readonly string[] = []): Resolved {
  let schema: Schema = raw === true || raw === undefined ? {} : isRecord(raw) ? raw : {};
  let nullable = false;
  const chain = [...refs];
  if (raw === false) return { schema, nullable, refs: chain, problem: 'a schema that allows nothing' };
  for (let step = 0; step < MAX_REFS * 2; step++) {
    const { $ref, allOf, ...rest } = schema;
    if (typeof $ref === 'string') {
      if (chain.includes($ref)) return { schema, nullable, refs: chain, problem: `a recursive $ref (${$ref})` };
      if (chain.length >= MAX_REFS) return { schema, nullable, refs: chain, problem: 'too many nested $refs' };
      const target = lookup(root, $ref);
      if (!target) return { schema, nullable, refs: chain, problem: `a $ref that cannot be followed (${$ref})` };
      chain.push($ref);
      schema = { ...target, ...(allOf === undefined ? {} : { allOf }), ...rest };
      continue;
    }
    if (Array.isArray(allOf) && allOf.length === 1 && isRecord(allOf[0])) {
      schema = { ...allOf[0], ...rest };
      continue;
    }
    const collapsed = collapseNull(schema);
    if (!collapsed) break;
    schema = collapsed;
    nullable = true;
  }
  if (schema.nullable === true) nullable = true;
  return { schema, nullable, refs: chain };
}

const isNull = (s: unknown) => isRecord(s) && (s.type === 'null' || (s.const === null && Object.keys(s).length === 1));

/** The schema without its null alternative, or null when it has none. */
function collapseNull(schema: Schema): Schema | null {
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const rest = schema.type.filter((t) => t !== 'null');
    return { ...schema, type: rest.length === 1 ? rest[0] : rest };
  }
  for (const word of ['anyOf', 'oneOf'] as const) {
    const alternatives = schema[word];
    if (!Array.isArray(alternatives) || !alternatives.some(isNull)) continue;
    const { [word]: _dropped, ...rest } = schema;
    const kept = alternatives.filter((a) => !isNull(a));
    if (kept.length === 1 && isRecord(kept[0])) return { ...kept[0], ...rest };
    return { ...rest, [word]: kept };
  }
  return null;
}

/** A local JSON pointer (`#/$defs/Name`, `#/definitions/Name`, `#`); undefined for others. */
function lookup(root: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let at: unknown = root;
  const pointer = ref.slice(1);
  if (pointer && !pointer.startsWith('/')) return undefined;
  for (const part of pointer.split('/').slice(1)) {
    let key: string;
    try {
      key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    at = isRecord(at) ? at[key] : Array.isArray(at) ? at[Number(key)] : undefined;
  }
  return isRecord(at) ? at : at === true ? {} : undefined;
}
