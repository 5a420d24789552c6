import type { Field, FormResult, ObjectField, UnionField } from '../../../core/schema/form.js';
import { chosenVariant, getIn } from '../../../core/schema/form-values.js';
import { jsonLabel } from '../../../core/schema/depth.js';
import { isRecord } from '../../../util/is-record.js';
import { descriptionHead } from '../../../util/description-head.js';
import { fieldKey, hasShapes, shownOf, typeChoice, type FormState, type Stop } from './state/form-state.js';
import type { Suggestions } from './state/suggestions.js';

/** One terminal row of the form. */
export type Row =
  | { type: 'heading'; field: ObjectField; depth: number }
  /** An item of a list of objects carries what it holds (`summary`) and how many of its fields are wrong. */
  | { type: 'stop'; stop: Stop; index: number; depth: number; summary?: string; problems?: number }
  | { type: 'note'; text: string; depth: number; tone: 'description' | 'error' }
  /** A value the server suggests for the focused field (`chosen`: the one tab takes), or how many more it has. */
  | { type: 'suggestion'; text: string; depth: number; chosen: boolean; more?: number };

export interface Layout {
  rows: Row[];
  /** The rows of the focused field (its description and error included), to keep in view. */
  focusStart: number;
  focusEnd: number;
}

/**
 * Lays the form out one row per line: every stop, object headings, the focused
 * field's description, and the errors that are due (touched fields, or all after a
 * refused send).
 */
export function layoutForm(fields: readonly Field[], state: FormState, result: FormResult, suggestions?: Suggestions): Layout {
  const rows: Row[] = [];
  let index = 0;
  let focusStart = -1;
  let focusEnd = -1;
  const due = (key: string, nested: boolean) => state.attempted || state.touched[key] || (nested && touchedInside(state, key));
  const errorOf = (field: Field) => {
    const key = fieldKey(field);
    return due(key, field.kind === 'object') ? result.errors[key] : undefined;
  };
  /** A field's stops, then the focused one's suggestions and description, and its error when due. */
  const addRows = (field: Field, stops: readonly Stop[], depth: number) => {
    const first = index;
    for (const stop of stops) {
      if (index === state.focus) focusStart = rows.length;
      const { field: shown, item } = stop;
      rows.push({ type: 'stop', stop, index: index++, depth, ...(shown.kind === 'objects' && item !== undefined && itemRow(shown.path, item, state, result)) });
    }
    const focused = state.focus >= first && state.focus < index;
    if (focused && suggestions && field.path.length === 1 && field.path[0] === suggestions.field) {
      suggestions.values.forEach((text, i) => rows.push({ type: 'suggestion', text, depth, chosen: i === (suggestions.chosen ?? 0) }));
      if (suggestions.more) rows.push({ type: 'suggestion', text: '', depth, chosen: false, more: suggestions.more });
    }
    // Only its head: the note is one row, and a description may be a megabyte.
    if (focused && field.description) rows.push({ type: 'note', text: descriptionHead(field.description).line, depth, tone: 'description' });
    const error = errorOf(field);
    if (error) rows.push({ type: 'note', text: error, depth, tone: 'error' });
    if (focused) focusEnd = rows.length - 1;
  };
  const walk = (list: readonly Field[], depth: number) => {
    for (const field of list) {
      if (field.kind === 'object') {
        rows.push({ type: 'heading', field, depth });
        const error = errorOf(field);
        if (error) rows.push({ type: 'note', text: error, depth, tone: 'error' });
        walk(field.fields, depth + 1);
        continue;
      }
      const union = field.kind === 'union' ? field : undefined;
      const chosen = union?.variants[chosenVariant(union, getIn(state.values, union.path))];
      if (union && chosen && hasShapes(union)) {
        // The choice of type, then what the chosen type shows a level in.
        addRows(union, [{ field: typeChoice(union), union }], depth);
        walk(shownOf(chosen), depth + 1);
        continue;
      }
      const shown = chosen ?? field;
      if (shown.kind === 'union' || shown.kind === 'object') continue;
      const items = shown.kind === 'list' || shown.kind === 'objects' ? getIn(state.values, shown.path) : undefined;
      const count = Array.isArray(items) ? items.length : 0;
      const stops = Array.from({ length: Math.max(1, count) }, (_, i): Stop => ({ field: shown, ...(count && { item: i }), ...(union && { union }) }));
      addRows(field, stops, depth);
    }
  };
  walk(fields, 0);
  return { rows, focusStart: focusStart < 0 ? rows.length : focusStart, focusEnd: focusEnd < 0 ? rows.length : focusEnd };
}

const touchedInside = (state: FormState, key: string) => Object.keys(state.touched).some((k) => k.startsWith(`${key}.`));

/** An item of a list of objects in one line (`city: Oslo, nights: 2`), and its problems once they are due. */
function itemRow(path: readonly string[], item: number, state: FormState, result: FormResult): { summary: string; problems?: number } {
  const key = [...path, String(item)].join('.');
  const args = getIn(result.args, [...path, String(item)]);
  const summary = isRecord(args) ? Object.entries(args).map(([k, v]) => `${k}: ${typeof v === 'string' ? v : jsonLabel(v, 3)}`).join(', ') : '';
  const shown = state.attempted || state.touched[key] || touchedInside(state, key);
  const problems = shown ? Object.keys(result.errors).filter((k) => k.startsWith(`${key}.`)).length : 0;
  return { summary, ...(problems && { problems }) };
}

/** Columns for the marker-less label part: fits the longest label (indent and `*` included), up to 40% of the width. */
export function labelColumns(fields: readonly Field[], width: number, depth = 0): number {
  const widest = (list: readonly Field[], d: number): number =>
    Math.max(0, ...list.map((f) => Math.max(d * 2 + [...f.label].length + 2, f.kind === 'object' ? widest(f.fields, d + 1) : 0, f.kind === 'union' ? widest(shapeRows(f), d + 1) : 0)));
  return Math.max(6, Math.min(widest(fields, depth), Math.max(10, Math.floor(width * 0.4))));
}

/** What a union of objects shows a level in, whichever type is chosen: each shape's fields, and the other types by their labels. */
const shapeRows = (union: UnionField): Field[] => (hasShapes(union) ? union.variants.flatMap(shownOf) : []);
