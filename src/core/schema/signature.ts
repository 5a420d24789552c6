import { descriptionHead } from '../../util/description-head.js';
import { isRecord } from '../../util/is-record.js';
import { jsonChoices, jsonLabel } from './depth.js';
import { resolve } from './form-resolve.js';

export interface ParamSummary {
  name: string;
  type: string;
  required: boolean;
  default?: unknown;
  enum?: unknown[];
  description?: string;
}

type Schema = Record<string, unknown>;

/** A type in a few characters: `string`, `integer?` (nullable), `"a" | "b"`, `string[]`, `object`. */
function typeLabel(schema: unknown, depth = 0): string {
  if (!isRecord(schema) || depth > 4) return 'any';
  if ('const' in schema) return jsonLabel(schema.const);
  if (Array.isArray(schema.enum)) return jsonChoices(schema.enum, ' | ');
  const union = (schema.anyOf ?? schema.oneOf) as unknown;
  if (Array.isArray(union)) return collapse(union.map((s) => typeLabel(s, depth + 1)));
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop() ?? 'ref';
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]).map(String) : typeof schema.type === 'string' ? [schema.type] : [];
  const one = (t: string) => (t === 'array' ? `${itemLabel(schema.items, depth)}[]` : t);
  if (!types.length) return isRecord(schema.properties) ? 'object' : 'any';
  return collapse(types.map(one));
}

function itemLabel(items: unknown, depth: number): string {
  const label = typeLabel(items, depth + 1);
  return /[| ]/.test(label) ? `(${label})` : label;
}

/** `x | null` reads `x?`. */
function collapse(labels: string[]): string {
  const rest = labels.filter((l) => l !== 'null');
  if (!rest.length) return 'null';
  const joined = [...new Set(rest)].join(' | ');
  return rest.length < labels.length && rest.length === 1 ? `${joined}?` : rest.length < labels.length ? `${joined} | null` : joined;
}

/**
 * The first `max` top-level parameters of a tool's inputSchema (a root `$ref` followed),
 * in a form a person can read, and how many there are. Nothing is walked below the
 * top level but a few levels of types, so any depth or recursion is cheap here.
 */
export function summarizeParams(inputSchema: unknown, max = Infinity): { params: ParamSummary[]; total: number } {
  const root = isRecord(inputSchema) ? resolve(inputSchema, inputSchema).schema : {};
  if (!isRecord(root.properties)) return { params: [], total: 0 };
  const required = new Set(Array.isArray(root.required) ? root.required.map(String) : []);
  const entries = Object.entries(root.properties);
  const params = entries.slice(0, max).map(([name, raw]) => {
    const s: Schema = isRecord(raw) ? raw : {};
    return {
      name,
      type: typeLabel(s),
      required: required.has(name),
      ...('default' in s && { default: s.default }),
      ...(Array.isArray(s.enum) && { enum: s.enum }),
      ...(typeof s.description === 'string' && { description: s.description }),
    };
  });
  return { params, total: entries.length };
}

/** A call's shape in one line: `get_weather(city: string, units?: "c" | "f")`, at most `max` parameters. */
function signatureLine(name: string, inputSchema: unknown, max = 6): string {
  const { params, total } = summarizeParams(inputSchema, max);
  const args = params.map((a) => `${a.name}${a.required ? '' : '?'}: ${a.type}`).join(', ');
  return `${name}(${args}${total > params.length ? ', …' : ''})`;
}

/** A tool in one line, as sent (sanitize before showing): its call shape and the head of its description. */
export function toolLine(tool: { name: string; description?: string; inputSchema: unknown }): string {
  const about = descriptionHead(tool.description).line;
  return `${signatureLine(tool.name, tool.inputSchema)}${about ? ` — ${about}` : ''}`;
}
