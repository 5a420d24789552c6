import type { FetchLike } from '@modelcontextprotocol/client';
import { isRecord } from '../../util/is-record.js';

/**
 * SEP-2243: every POST of a 2026-07-28 session carries `Mcp-Method`. The v2 SDK derives
 * it from a request's `_meta` envelope, so the notifications it posts (the
 * `notifications/cancelled` that closes a listen stream or stops a call) go without one.
 * Added here from the body; a 2025 session (its MCP-Protocol-Version is older) is left as
 * it was. Ends when the SDK sets the header on every POST (test/integration/listen-stream).
 */
export function withMethodHeader(inner: FetchLike): FetchLike {
  return (url, init) => {
    if (init?.method !== 'POST' || typeof init.body !== 'string') return inner(url, init);
    const headers = new Headers(init.headers);
    const version = headers.get('mcp-protocol-version');
    if (headers.has('mcp-method') || !version || version < '2026') return inner(url, init);
    const method = methodOf(init.body);
    if (!method) return inner(url, init);
    headers.set('mcp-method', method);
    return inner(url, { ...init, headers });
  };
}

function methodOf(body: string): string | undefined {
  try {
    const message: unknown = JSON.parse(body);
    return isRecord(message) && typeof message.method === 'string' ? message.method : undefined;
  } catch {
    return undefined;
  }
}
