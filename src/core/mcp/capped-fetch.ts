import type { FetchLike } from '@modelcontextprotocol/client';
import { MAX_LINE } from './stdio-lines.js';
import { noteMessageSize } from './large-message.js';

/**
 * The most mcpdeck reads of one thing a remote server sends: an SSE line, an SSE event,
 * or a response body. The same as one stdio message, so a result that fits one transport
 * fits the others. Without a bound, `data: ` and endless bytes took the whole process
 * (and every other server) down with a heap out of memory.
 */
const MAX_HTTP = { sseLine: 16 * 2 ** 20, sseEvent: 16 * 2 ** 20, body: MAX_LINE } as const;

const MIB = 2 ** 20;
const LF = 10;
const CR = 13;

/**
 * A fetch whose response bodies stop at the caps: the stream errors there (the SDK's
 * reader gives up on it) and `onOverflow` says why, so the session fails with that
 * reason instead of waiting. Bodies are counted as they pass; nothing is buffered here.
 */
export function cappedFetch(inner: FetchLike | undefined, onOverflow: (reason: string) => void): FetchLike {
  return async (url, init) => {
    const response = await (inner ?? fetch)(url, init);
    if (!response.body) return response;
    const sse = /^text\/event-stream/i.test(response.headers.get('content-type') ?? '');
    const limiter = sse ? sseLimiter(onOverflow) : bodyLimiter(onOverflow);
    return new Response(response.body.pipeThrough(limiter), { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

const tooMuch = (what: string, cap: number) =>
  `the server sent ${what} ${cap / MIB} MiB; mcpdeck stops reading at that size`;

function bodyLimiter(onOverflow: (reason: string) => void): TransformStream<Uint8Array, Uint8Array> {
  let bytes = 0;
  return new TransformStream({
    transform(chunk, controller) {
      bytes += chunk.byteLength;
      if (bytes > MAX_HTTP.body) return overflow(controller, tooMuch('an HTTP response body larger than', MAX_HTTP.body), onOverflow);
      controller.enqueue(chunk);
    },
    flush: () => noteMessageSize(bytes),
  });
}

/** Counts the bytes of the current line and of the current event (up to a blank line). */
function sseLimiter(onOverflow: (reason: string) => void): TransformStream<Uint8Array, Uint8Array> {
  let line = 0;
  let event = 0;
  // The byte before this chunk: a CR LF pair ends one line, not two (which would end the event).
  let previous = -1;
  return new TransformStream({
    transform(chunk, controller) {
      let longest = line;
      let largest = event;
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i]!;
        if (byte === LF || byte === CR) {
          if (!(byte === LF && previous === CR)) {
            if (line === 0) {
              noteMessageSize(event);
              event = 0;
            }
            line = 0;
          }
        } else {
          if (++line > longest) longest = line;
          if (++event > largest) largest = event;
        }
        previous = byte;
      }
      if (longest > MAX_HTTP.sseLine) return overflow(controller, tooMuch('an SSE line longer than', MAX_HTTP.sseLine), onOverflow);
      if (largest > MAX_HTTP.sseEvent) return overflow(controller, tooMuch('an SSE event larger than', MAX_HTTP.sseEvent), onOverflow);
      controller.enqueue(chunk);
    },
  });
}

function overflow(controller: TransformStreamDefaultController<Uint8Array>, reason: string, onOverflow: (reason: string) => void): void {
  onOverflow(reason);
  controller.error(new Error(reason));
}
