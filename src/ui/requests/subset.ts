import { isRecord } from '../../util/is-record.js';

// What the spec allows in a requestedSchema property (primitive fields, enums, multi-selects).
const ALLOWED = new Set([
  'type', 'title', 'description', 'default', 'minLength', 'maxLength', 'format', 'minimum', 'maximum',
  'enum', 'enumNames', 'oneOf', 'items', 'minItems', 'maxItems',
]);
const PRIMITIVE = new Set(['string', 'number', 'integer', 'boolean', 'array']);

/**
 * Where a requestedSchema goes beyond the elicitation subset (a nested object,
 * `pattern`, other keywords): the form still takes it, checked against the whole
 * schema, but the person is told, as other clients would refuse it.
 */
export function beyondSubset(schema: unknown): string[] {
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
  return Object.entries(properties).flatMap(([key, prop]) => {
    if (!isRecord(prop)) return [`${key} has no schema`];
    if (typeof prop.type !== 'string' || !PRIMITIVE.has(prop.type)) return [`${key} is ${prop.type === 'object' ? 'a nested object' : 'not a plain field'}`];
    const extra = Object.keys(prop).filter((k) => !ALLOWED.has(k));
    return extra.length ? [`${key} uses ${extra.map((k) => `"${k}"`).join(', ')}`] : [];
  });
}
