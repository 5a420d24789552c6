import { terminalJson } from '../../util/json.js';

/**
 * Pretty JSON, the same text as `terminalJson(value, indent)`, but built only up to
 * `max` characters: 50 MB of structured content costs a walk, not a 60 MB string.
 * `total` is the length of the whole text; past the cut it is measured without
 * escapes, so for text full of them it is a little short.
 */
export interface BoundedJson {
  text: string;
  /** The text stops short of the whole value. */
  cut: boolean;
  total: number;
}

// Deeper than this is a hostile or broken value: shown as a marker, not recursed into.
const MAX_DEPTH = 500;
const DEEP = '"(nested too deep to show)"';

const skipped = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/** The length of `v` as pretty JSON at `depth`, without building it. */
function measure(v: unknown, indent: number, depth: number): number {
  switch (typeof v) {
    case 'string':
      return v.length + 2;
    case 'number':
      return Number.isFinite(v) ? String(v).length : 4;
    case 'boolean':
      return v ? 4 : 5;
    case 'object':
      break;
    default:
      return 4;
  }
  if (v === null) return 4;
  if (depth >= MAX_DEPTH) return DEEP.length;
  const pad = indent ? 1 + indent * (depth + 1) : 0;
  let n = 0;
  let count = 0;
  if (Array.isArray(v)) {
    for (const item of v) n += pad + measure(skipped(item) ? null : item, indent, depth + 1);
    count = v.length;
  } else {
    const record = v as Record<string, unknown>;
    for (const k of Object.keys(record)) {
      if (skipped(record[k])) continue;
      n += pad + k.length + 3 + (indent ? 1 : 0) + measure(record[k], indent, depth + 1);
      count++;
    }
  }
  // Brackets, a comma between entries, and the closing line's indent.
  return count ? n + 2 + (count - 1) + (indent ? 1 + indent * depth : 0) : 2;
}

export function boundedJson(value: unknown, indent: number, max: number): BoundedJson {
  const parts: string[] = [];
  let total = 0;
  const emit = (piece: string) => {
    if (total < max) parts.push(total + piece.length <= max ? piece : piece.slice(0, max - total));
    total += piece.length;
  };
  const walk = (v: unknown, depth: number) => {
    // Past the cut only the length counts.
    if (total >= max) return void (total += measure(v, indent, depth));
    const room = max - total;
    if (typeof v === 'string' && v.length > room) {
      // A long string is escaped only as far as it can show.
      emit(terminalJson(v.slice(0, room)));
      return void (total += v.length - room);
    }
    if (v === null || typeof v !== 'object') return emit(terminalJson(v) ?? 'null');
    if (depth >= MAX_DEPTH) return emit(DEEP);
    const pad = indent ? `\n${' '.repeat(indent * (depth + 1))}` : '';
    const close = indent ? `\n${' '.repeat(indent * depth)}` : '';
    if (Array.isArray(v)) {
      if (!v.length) return emit('[]');
      emit('[');
      v.forEach((item, i) => {
        emit(i ? `,${pad}` : pad);
        walk(skipped(item) ? null : item, depth + 1);
      });
      return emit(`${close}]`);
    }
    const keys = Object.keys(v).filter((k) => !skipped((v as Record<string, unknown>)[k]));
    if (!keys.length) return emit('{}');
    emit('{');
    keys.forEach((k, i) => {
      emit(`${i ? ',' : ''}${pad}${terminalJson(k)}:${indent ? ' ' : ''}`);
      walk((v as Record<string, unknown>)[k], depth + 1);
    });
    emit(`${close}}`);
  };
  walk(value, 0);
  return { text: parts.join(''), cut: total > max, total };
}
