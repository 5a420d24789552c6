// The checks on tools' JSON Schemas: what a model API refuses at the root, what OpenAI's
// strict mode takes, Gemini's OpenAPI subset, and output schemas SDK clients refuse.
import { formatCount, truncate } from '../../util/text.js';
import { isNode, walkSchema, where, type SchemaNode } from './schema-walk.js';
import type { Hit, LintInput, LintTool } from './types.js';

/** "a, b, c and 2 more": the first few of a list. */
function few(items: string[], max = 3): string {
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown} and ${formatCount(items.length - max)} more` : shown;
}

const perTool = (input: LintInput, problem: (tool: LintTool) => string | undefined): Hit[] =>
  input.tools.flatMap((tool, i) => {
    const detail = problem(tool);
    return detail ? [{ tool: i, detail }] : [];
  });

const rootKeywords = (schema: unknown, keywords: readonly string[]) => (isNode(schema) ? keywords.filter((k) => Object.hasOwn(schema, k)) : []);

const rootProblem = (keywords: readonly string[]) => (tool: LintTool) => {
  const found = rootKeywords(tool.inputSchema, keywords);
  return found.length ? `its input schema has ${found.join(' and ')} at the root` : undefined;
};

/** OpenAI: "schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level". */
export const openaiRoot = (input: LintInput) => perTool(input, rootProblem(['oneOf', 'anyOf', 'allOf', 'enum', 'not']));

/** Anthropic: "input_schema does not support oneOf, allOf, or anyOf at the top level". */
export const anthropicRoot = (input: LintInput) => perTool(input, rootProblem(['oneOf', 'anyOf', 'allOf']));

/** Strict mode's string formats and the keywords it does not take (structured outputs guide, "Supported schemas"). */
const STRICT_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
const STRICT_UNSUPPORTED = ['allOf', 'not', 'dependentRequired', 'dependentSchemas', 'if', 'then', 'else'];
const STRICT_MAX_NESTING = 10;

const isObjectSchema = (node: SchemaNode) => node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object')) || isNode(node.properties);

/** What strict mode would refuse in a tool's input schema, as a list of short sentences. */
function strictProblems(schema: unknown): string[] {
  const open: string[] = [];
  const optional: string[] = [];
  const keywords = new Map<string, string[]>();
  const formats: string[] = [];
  let deepest = 0;
  const whole = walkSchema(schema, ({ node, pointer, objectDepth }) => {
    deepest = Math.max(deepest, objectDepth);
    if (isObjectSchema(node) && node.additionalProperties !== false) open.push(where(pointer));
    if (isNode(node.properties)) {
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      for (const name of Object.keys(node.properties)) if (!required.has(name)) optional.push(JSON.stringify(truncate(name, 40)));
    }
    for (const keyword of STRICT_UNSUPPORTED) {
      if (Object.hasOwn(node, keyword)) keywords.set(keyword, [...(keywords.get(keyword) ?? []), where(pointer)]);
    }
    if (typeof node.format === 'string' && !STRICT_FORMATS.has(node.format)) formats.push(`${JSON.stringify(truncate(node.format, 40))} at ${where(pointer)}`);
  });
  const problems: string[] = [];
  if (open.length) problems.push(`no additionalProperties: false at ${few(open)}`);
  if (optional.length) problems.push(`${few(optional)} not required`);
  for (const [keyword, at] of keywords) problems.push(`${keyword} at ${few(at)}`);
  if (formats.length) problems.push(`format ${few(formats)}`);
  if (deepest > STRICT_MAX_NESTING) problems.push(`objects nested ${deepest} deep (at most ${STRICT_MAX_NESTING})`);
  if (!whole) problems.push('more than mcpdeck reads of one schema (checked in part)');
  return problems;
}

export const openaiStrict = (input: LintInput) =>
  perTool(input, (tool) => {
    const problems = strictProblems(tool.inputSchema);
    return problems.length ? `strict mode would refuse its input schema: ${problems.join('; ')}` : undefined;
  });

/** The fields of Gemini's Schema object (a subset of OpenAPI 3.0's). */
const GEMINI_FIELDS = new Set([
  'type', 'format', 'title', 'description', 'nullable', 'enum', 'maxItems', 'minItems', 'properties', 'required', 'minProperties',
  'maxProperties', 'minLength', 'maxLength', 'pattern', 'example', 'anyOf', 'propertyOrdering', 'default', 'items', 'minimum', 'maximum',
]);

export const geminiSubset = (input: LintInput) =>
  perTool(input, (tool) => {
    const found = new Map<string, string[]>();
    const note = (keyword: string, pointer: string) => found.set(keyword, [...(found.get(keyword) ?? []), where(pointer)]);
    walkSchema(tool.inputSchema, ({ node, pointer }) => {
      for (const key of Object.keys(node)) if (!GEMINI_FIELDS.has(key)) note(key, pointer);
      if (Array.isArray(node.type)) note('type as a list', pointer);
    });
    if (!found.size) return undefined;
    const keywords = [...found].map(([keyword, at]) => `${JSON.stringify(truncate(keyword, 40)).slice(1, -1)} (${few(at, 2)})`);
    return `its input schema uses ${few(keywords, 5)}`;
  });

/** MCP: an output schema is an object schema; the TypeScript SDK's tools/list check refuses any other. */
export const outputSchemaRoot = (input: LintInput) =>
  perTool(input, (tool) => {
    if (tool.outputSchema === undefined) return undefined;
    const type = isNode(tool.outputSchema) ? tool.outputSchema.type : undefined;
    if (type === 'object') return undefined;
    return `its output schema has ${type === undefined ? 'no type' : `type ${JSON.stringify(type)}`} at the root, not "object"`;
  });

export const hasOutputSchema = (input: LintInput) =>
  perTool(input, (tool) => (tool.outputSchema !== undefined ? 'it declares an output schema (its results carry structuredContent)' : undefined));
