import type { CallToolResult } from '../core/mcp/types.js';
import type { CallOutcome } from '../core/mcp/call.js';
import { cutJson, stringifyWhole } from '../util/json.js';
import { sanitize } from '../util/sanitize.js';

type Block = CallToolResult['content'][number];

// The decoded size, without decoding.
const bytes = (base64: string) => Buffer.byteLength(base64, 'base64');

/** One content block as a person reads it (tool results, prompt messages), sanitized. */
export function block(b: Block): string {
  switch (b.type) {
    case 'text':
      return sanitize(b.text);
    case 'image':
    case 'audio':
      return `[${b.type} ${sanitize(b.mimeType)}, ${bytes(b.data)} bytes]`;
    case 'resource_link':
      return `[link ${sanitize(b.uri)}${b.name ? ` "${sanitize(b.name)}"` : ''}]`;
    case 'resource': {
      const r = b.resource;
      return 'text' in r ? `[resource ${sanitize(r.uri)}]\n${sanitize(r.text)}` : `[resource ${sanitize(r.uri)}, ${bytes(r.blob)} bytes]`;
    }
    default:
      return `[${sanitize(String((b as { type: unknown }).type))} content]`;
  }
}

/**
 * A tool result as a person reads it on a terminal; everything from the server is
 * sanitized. All of it is printed (it may go to a pipe), in time linear in its size.
 */
export function renderOutcome(outcome: CallOutcome): { stdout: string; stderr: string } {
  const { result } = outcome;
  const parts = result.content.map(block);
  const structured = result.structuredContent;
  // Tools often repeat structured content as a JSON text block; show it once. Serialized
  // once, not once per block: 10,000 blocks next to 50 MB of it must not cost 10,000 times.
  // Too deep for JSON.stringify, it is written cut (and cannot be the same as a text block).
  const json = structured === undefined ? undefined : stringifyWhole(structured);
  const repeated = json !== undefined && result.content.some((b) => b.type === 'text' && sameJson(b.text, json));
  // Labelled: a file's text is not followed by an unmarked JSON copy of it (`--text` leaves it out).
  if (structured !== undefined && !repeated) parts.push(`structured content:\n${sanitize(cutJson(structured, 2))}`);
  const notes: string[] = [];
  if (outcome.output?.unchecked) notes.push(`warning: output not checked: ${outcome.output.unchecked}`);
  else if (outcome.output && !outcome.output.valid) notes.push(`warning: structured content does not match the output schema: ${outcome.output.errors.join('; ')}`);
  if (outcome.isError) notes.push('the tool reported an error (isError)');
  notes.push(`took ${Math.round(outcome.durationMs)} ms`);
  return { stdout: parts.join('\n'), stderr: notes.map(sanitize).join('\n') };
}

const JSON_START = /^\s*[[{]/;

function sameJson(text: string, json: string): boolean {
  // Parsing only what could be the same: JSON of about the same size.
  if (text.length < json.length || !JSON_START.test(text)) return false;
  try {
    return JSON.stringify(JSON.parse(text)) === json;
  } catch {
    return false;
  }
}
