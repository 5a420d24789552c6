import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { isRecord } from '../../util/is-record.js';
import { formatCount, truncate } from '../../util/text.js';
import { sanitizeLine } from '../../util/sanitize.js';

/**
 * An answer whose `result` is not an object (older servers answer tools/list with a bare
 * array). The SDK cannot read it as a response, drops it, and its request waits out the
 * whole timeout as if nothing came. Made into an error answer to that request which says
 * what the server sent, so the request fails at once and for the real reason.
 */
export function misshapenAnswer(line: string): JSONRPCMessage | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || !('result' in parsed) || 'method' in parsed || isRecord(parsed.result)) return undefined;
  const { id } = parsed;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  const message = `the server answered with ${describe(parsed.result)} where a result object belongs (an MCP result is an object, such as { "tools": [...] } for tools/list)`;
  return { jsonrpc: '2.0', id, error: { code: -32603, message } };
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return `a bare JSON array of ${formatCount(value.length)} item${value.length === 1 ? '' : 's'}`;
  if (value === null || value === undefined) return 'null';
  return `a bare ${typeof value} (${sanitizeLine(truncate(JSON.stringify(value), 40))})`;
}
