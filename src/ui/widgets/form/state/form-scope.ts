import type { Field, ObjectListField } from '../../../../core/schema/form.js';
import { getIn, itemFields } from '../../../../core/schema/form-values.js';

const samePath = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k, i) => k === b[i]);
const within = (outer: readonly string[], path: readonly string[]) => outer.length < path.length && outer.every((k, i) => k === path[i]);

/** The list of objects at `path`, looked for in `fields` (through nested objects and items). */
function listAt(fields: readonly Field[], path: readonly string[]): ObjectListField | undefined {
  for (const field of fields) {
    if (field.kind === 'objects' && samePath(field.path, path)) return field;
    if (!within(field.path, path)) continue;
    if (field.kind === 'object') return listAt(field.fields, path);
    if (field.kind === 'objects') return listAt(itemFields(field, Number(path[field.path.length])), path);
  }
  return undefined;
}

/** The fields of the item open now: the last path of `scope` is `[...list's path, index]`; none open, the whole form. */
export function scopeFields(fields: readonly Field[], scope: readonly (readonly string[])[]): readonly Field[] {
  const open = scope.at(-1);
  if (!open) return fields;
  const list = listAt(fields, open.slice(0, -1));
  return list ? itemFields(list, Number(open.at(-1))) : fields;
}

/** Where the open item is, for a line over its fields: `stops › item 2 of 3`, outermost first. */
export function crumbs(fields: readonly Field[], scope: readonly (readonly string[])[], values: unknown): string[] {
  return scope.map((path) => {
    const list = listAt(fields, path.slice(0, -1));
    const items = getIn(values as Record<string, unknown>, path.slice(0, -1));
    const count = Array.isArray(items) ? items.length : 0;
    return `${list?.label ?? path.at(-2)} › item ${Number(path.at(-1)) + 1} of ${count}`;
  });
}
