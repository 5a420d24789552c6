import { jsonStringLength, terminalJson, terminalString } from '../../util/json.js';
import { deepMarker, SHOWN_DEPTH } from '../../util/json-depth.js';

/**
 * Pretty JSON, the same text as `terminalJson(value, indent)`, but built only up to
 * `max` characters: 50 MB of structured content costs a walk, not a 60 MB string.
 * A value nested deeper than SHOWN_DEPTH is written cut there as pruneDeep cuts it, so
 * for any value the text is terminalJson(pruneDeep(value, SHOWN_DEPTH), indent) up to
 * `max`. `total` is the length of all of the value's JSON, uncut, measured without
 * writing it (and without recursion, however deep it goes).
 */
export interface BoundedJson {
  text: string;
  /** The text stops short of the whole value: at `max`, or where it nests too deep. */
  cut: boolean;
  total: number;
}

// Deeper is a hostile or broken value: written as a marker, only measured past it.
const deep = (v: unknown) => terminalJson(deepMarker(v));

const skipped = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

function scalarLength(v: unknown): number {
  switch (typeof v) {
    case 'string':
      return jsonStringLength(v);
    case 'number':
      return Number.isFinite(v) ? String(v).length : 4;
    case 'boolean':
      return v ? 4 : 5;
    default:
      return 4;
  }
}

/** The length of `v` as pretty JSON at `depth`, without building it: with a stack of our own, as it may nest 100,000 deep. */
function measure(v: unknown, indent: number, depth: number): number {
  let n = 0;
  const values = [v];
  const depths = [depth];
  while (values.length) {
    const at = values.pop();
    const d = depths.pop()!;
    if (typeof at !== 'object' || at === null) {
      n += scalarLength(at);
      continue;
    }
    const pad = indent ? 1 + indent * (d + 1) : 0;
    let count = 0;
    if (Array.isArray(at)) {
      for (const item of at) {
        n += pad;
        values.push(skipped(item) ? null : item);
        depths.push(d + 1);
      }
      count = at.length;
    } else {
      const record = at as Record<string, unknown>;
      for (const k of Object.keys(record)) {
        if (skipped(record[k])) continue;
        n += pad + jsonStringLength(k) + 1 + (indent ? 1 : 0);
        values.push(record[k]);
        depths.push(d + 1);
        count++;
      }
    }
    // Brackets, a comma between entries, and the closing line's indent.
    n += count ? 2 + (count - 1) + (indent ? 1 + indent * d : 0) : 2;
  }
  return n;
}

export function boundedJson(value: unknown, indent: number, max: number): BoundedJson {
  const parts: string[] = [];
  let written = 0;
  let total = 0;
  const write = (piece: string) => {
    if (written >= max) return;
    const part = written + piece.length <= max ? piece : piece.slice(0, max - written);
    parts.push(part);
    written += part.length;
  };
  const emit = (piece: string) => {
    write(piece);
    total += piece.length;
  };
  const walk = (v: unknown, depth: number) => {
    // Past the cut only the length counts.
    if (written >= max) return void (total += measure(v, indent, depth));
    if (typeof v === 'string' && v.length > max - written) {
      // A long string is escaped only as far as it can show, and measured whole.
      write(terminalJson(v.slice(0, max - written)));
      return void (total += jsonStringLength(v));
    }
    if (typeof v === 'string') return emit(terminalString(v));
    if (typeof v === 'boolean') return emit(String(v));
    if (typeof v === 'number') return emit(Number.isFinite(v) ? String(v) : 'null');
    if (v === null || typeof v !== 'object') return emit(terminalJson(v) ?? 'null');
    if (depth >= SHOWN_DEPTH) {
      write(deep(v));
      return void (total += measure(v, indent, depth));
    }
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
      emit(`${i ? ',' : ''}${pad}${terminalString(k)}:${indent ? ' ' : ''}`);
      walk((v as Record<string, unknown>)[k], depth + 1);
    });
    emit(`${close}}`);
  };
  walk(value, 0);
  return { text: parts.join(''), cut: total > written, total };
}
