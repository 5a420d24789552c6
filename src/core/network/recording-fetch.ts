import type { FetchLike } from '../mcp/types.js';
import { maskedHeaders, maskExchangeUrl } from './mask.js';
import { maskTokenShapes } from '../config/redact.js';
import { MAX_SSE_EVENTS, type HttpExchange, type SseEvent } from './network-log.js';

const PREVIEW = 240;

type Start = () => (first: Omit<HttpExchange, 'seq'>) => number;
type Patch = (seq: number, change: (row: HttpExchange) => HttpExchange) => void;

function bodySize(body: unknown): number {
  if (body === undefined || body === null) return 0;
  if (typeof body === 'string') return Buffer.byteLength(body);
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return body.byteLength;
  if (body instanceof URLSearchParams) return Buffer.byteLength(body.toString());
  if (body instanceof Blob) return body.size;
  return -1;
}

/**
 * A fetch that records each exchange as it happens: the request (URL and headers masked
 * as they are recorded), the response's status and headers, the body's size as it is
 * read, and the events of an SSE stream. Bodies are counted, never kept: a token
 * response or a code exchange holds secrets.
 */
export function recordingFetch(base: FetchLike | undefined, now: () => number, start: Start, patch: Patch): FetchLike {
  return async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const url = String(request ? request.url : input);
    const headers = new Headers(request?.headers);
    new Headers(init?.headers).forEach((value, name) => headers.set(name, value));
    const began = now();
    const seq = start()({
      started: began, method: (init?.method ?? request?.method ?? 'GET').toUpperCase(), url: maskExchangeUrl(url),
      requestHeaders: maskedHeaders(headers), requestBodySize: bodySize(init?.body), responseBodySize: 0, open: true,
    });
    let response: Response;
    try {
      response = await (base ?? fetch)(input, init);
    } catch (error) {
      patch(seq, (row) => ({ ...row, error: (error as Error).message, total: now() - began, open: false }));
      throw error;
    }
    const mimeType = response.headers.get('content-type') ?? '';
    const sse = /^text\/event-stream/i.test(mimeType);
    const wait = now() - began;
    patch(seq, (row) => ({ ...row, status: response.status, statusText: response.statusText, responseHeaders: maskedHeaders(response.headers), mimeType, wait, ...(sse && { sse: [], sseCount: 0 }) }));
    const end = (error?: string) => patch(seq, (row) => (row.open ? { ...row, open: false, total: now() - began, ...(error && { error }) } : row));
    if (!response.body) {
      end();
      return response;
    }
    const events = sse ? sseReader((event) => patch(seq, (row) => ({ ...row, sseCount: (row.sseCount ?? 0) + 1, sse: (row.sse?.length ?? 0) < MAX_SSE_EVENTS ? [...(row.sse ?? []), { ...event, at: now() - began }] : row.sse }))) : undefined;
    const reader = response.body.getReader();
    const counted = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await reader.read();
          if (next.done) {
            end();
            return controller.close();
          }
          patch(seq, (row) => ({ ...row, responseBodySize: row.responseBodySize + next.value.byteLength }));
          events?.(next.value);
          controller.enqueue(next.value);
        } catch (error) {
          end((error as Error).message);
          controller.error(error);
        }
      },
      cancel(reason) {
        end();
        return reader.cancel(reason);
      },
    });
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** Reads SSE bytes as they pass and says each event (a blank line ends one). */
function sseReader(onEvent: (event: Omit<SseEvent, 'at'>) => void): (chunk: Uint8Array) => void {
  const decoder = new TextDecoder();
  let partial = '';
  let event = '';
  let id: string | undefined;
  let data: string[] = [];
  let size = 0;
  let any = false;
  return (chunk) => {
    partial += decoder.decode(chunk, { stream: true });
    const lines = partial.split(/\r\n|\r|\n/);
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        if (any) onEvent({ event: event || 'message', ...(id !== undefined && { id }), size: Math.max(0, size - 1), preview: maskTokenShapes(data.join('\n').slice(0, PREVIEW)) });
        event = '';
        id = undefined;
        data = [];
        size = 0;
        any = false;
        continue;
      }
      const colon = line.indexOf(':');
      if (colon === 0) continue;
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      any = true;
      if (field === 'event') event = value;
      else if (field === 'id') id = value;
      else if (field === 'data') {
        size += Buffer.byteLength(value) + 1;
        if (data.length < 4) data.push(value.length > PREVIEW ? value.slice(0, PREVIEW) : value);
      }
    }
    // A line longer than any preview need not be held whole.
    if (partial.length > 64 * 1024) partial = partial.slice(0, 64 * 1024);
  };
}
