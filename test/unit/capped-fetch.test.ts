import { describe, expect, it } from 'vitest';
import { cappedFetch } from '../../src/core/mcp/capped-fetch.js';

const MIB = 2 ** 20;

/** A fetch that answers with `body` as an event stream, in chunks of 64 KiB. */
function answering(body: Buffer, type = 'text/event-stream') {
  return async () => new Response(new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < body.length; at += 64 * 1024) controller.enqueue(body.subarray(at, at + 64 * 1024));
      controller.close();
    },
  }), { headers: { 'content-type': type } });
}

async function read(body: Buffer, type?: string): Promise<{ bytes: number; reasons: string[] }> {
  const reasons: string[] = [];
  const response = await cappedFetch(answering(body, type), (r) => reasons.push(r))('http://x/mcp');
  const bytes = await response.arrayBuffer().then((b) => b.byteLength, () => -1);
  return { bytes, reasons };
}

describe('cappedFetch', () => {
  it('passes a long stream of small events, whatever its line endings (CR LF pairs end one line)', async () => {
    for (const ending of ['\n', '\r\n', '\r']) {
      const event = `event: message${ending}data: ${'x'.repeat(1000)}${ending}${ending}`;
      const body = Buffer.from(event.repeat(Math.ceil((20 * MIB) / event.length)));
      expect(await read(body)).toEqual({ bytes: body.length, reasons: [] });
    }
  });

  it('stops an SSE line, an SSE event of many lines and a body at their caps, saying which', async () => {
    expect(await read(Buffer.alloc(17 * MIB, 'a'))).toEqual({ bytes: -1, reasons: ['the server sent an SSE line longer than 16 MiB; mcpdeck stops reading at that size'] });
    const lines = Buffer.from(`data: ${'y'.repeat(1000)}\r\n`.repeat(17 * 1024));
    expect(await read(lines)).toEqual({ bytes: -1, reasons: ['the server sent an SSE event larger than 16 MiB; mcpdeck stops reading at that size'] });
    expect(await read(Buffer.alloc(101 * MIB, 'a'), 'application/json')).toEqual({ bytes: -1, reasons: ['the server sent an HTTP response body larger than 100 MiB; mcpdeck stops reading at that size'] });
  });
});
