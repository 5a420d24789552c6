import { afterEach, describe, expect, it, vi } from 'vitest';
import { getHeapSpaceStatistics } from 'node:v8';
import { LARGE_MESSAGE_BYTES, largeMessageCollector, releaseStartupMemory } from '../../src/core/mcp/large-message.js';

const { noted } = vi.hoisted(() => ({ noted: [] as number[] }));
vi.mock('../../src/core/mcp/large-message.js', async (original) => ({
  ...(await original<typeof import('../../src/core/mcp/large-message.js')>()),
  noteMessageSize: (bytes: number) => void noted.push(bytes),
}));
// Imported after the mock: the transports note sizes to the list above.
const { StdioTransport } = await import('../../src/core/mcp/stdio-transport.js');
const { cappedFetch } = await import('../../src/core/mcp/capped-fetch.js');

afterEach(() => vi.useRealTimers());

describe('collecting after a large message', () => {
  it('collects once, a moment after the last large message; small ones never', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const note = largeMessageCollector({ collect: () => collect, delayMs: 1000 });
    note(LARGE_MESSAGE_BYTES - 1);
    vi.advanceTimersByTime(5000);
    expect(collect).not.toHaveBeenCalled();
    note(LARGE_MESSAGE_BYTES);
    vi.advanceTimersByTime(600);
    note(50 * 2 ** 20);
    vi.advanceTimersByTime(600);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it("runs V8's full collection without --expose-gc, and leaves no gc on the global scope", async () => {
    // Held only weakly: gone once a full collection has run, and here only one is asked for.
    let garbage: object | undefined = { held: 'x'.repeat(1000) };
    const weak = new WeakRef(garbage);
    garbage = undefined;
    largeMessageCollector({ delayMs: 0 })(LARGE_MESSAGE_BYTES);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(weak.deref()).toBeUndefined();
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });

  it("gives back the young generation start-up grew, once, after the servers settle", async () => {
    const youngGeneration = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.space_size;
    // Allocation as starting up does it: many short-lived objects grow the young generation.
    let keep = 0;
    for (let i = 0; i < 2_000_000; i++) keep += { i, text: `item ${i}` }.text.length;
    expect(keep).toBeGreaterThan(0);
    const grown = youngGeneration();
    expect(grown).toBeGreaterThan(2 ** 21);
    releaseStartupMemory({ delayMs: 0 });
    const after = await new Promise<number>((resolve) => setTimeout(() => resolve(youngGeneration()), 0));
    expect(after).toBeLessThan(grown / 2);
  });

  it('hears of each message the stdio transport reads, by its size', async () => {
    noted.length = 0;
    const big = 'x'.repeat(LARGE_MESSAGE_BYTES);
    const transport = new StdioTransport({
      command: process.execPath,
      args: ['-e', `process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: '${big.slice(0, 10)}'.repeat(${LARGE_MESSAGE_BYTES / 10}) } }) + '\\n')`],
    });
    const got = new Promise((resolve) => (transport.onmessage = resolve));
    transport.onerror = () => undefined;
    await transport.start();
    await got;
    await transport.close();
    expect(noted.some((bytes) => bytes > LARGE_MESSAGE_BYTES)).toBe(true);
  });

  it('hears of each HTTP body as it ends, by its size', async () => {
    noted.length = 0;
    const body = new Uint8Array(3 * 2 ** 20);
    const fetchLike = cappedFetch(async () => new Response(body, { headers: { 'content-type': 'application/json' } }), () => undefined);
    await (await fetchLike('http://127.0.0.1/', {})).arrayBuffer();
    expect(noted).toContain(body.length);
  });
});
