// The token meter: counts asked for in one turn go to the counter as one batch, land in the
// store (screens draw then), and are kept; a failing counter leaves counts unknown.
import { describe, expect, it } from 'vitest';
import type { Counter } from '../../src/core/tokens/counter.js';
import { COUNT_LIMIT, TokenMeter } from '../../src/core/tokens/meter.js';
import type { CallToolResult, Tool } from '../../src/core/mcp/types.js';

/** A counter that counts characters and remembers each batch it was given. */
function lengths(): Counter & { batches: string[][] } {
  const batches: string[][] = [];
  return Object.assign(async (texts: readonly string[]) => (batches.push([...texts]), texts.map((t) => t.length)), { batches });
}

const landed = (meter: TokenMeter) => new Promise<void>((resolve) => meter.subscribe(resolve));
const tool = (name: string): Tool => ({ name, inputSchema: { type: 'object' } });

describe('the token meter', () => {
  it('sends what one turn asks for as one batch, and keeps the counts it gets', async () => {
    const counter = lengths();
    const meter = new TokenMeter(counter);
    const tools = [tool('a'), tool('bb'), tool('ccc')];
    expect(tools.map((t) => meter.tool(t))).toEqual([undefined, undefined, undefined]);
    expect(meter.server({ tools })).toBeUndefined();
    expect(meter.getSnapshot()).toBe(0);
    await landed(meter);
    expect(counter.batches).toHaveLength(1);
    expect(counter.batches[0]).toHaveLength(3);
    const counts = tools.map((t) => meter.tool(t)!);
    expect(counts).toEqual(counter.batches[0]!.map((text) => text.length));
    expect(meter.server({ tools })).toBe(counts.reduce((a, b) => a + b));
    expect(meter.getSnapshot()).toBe(1);
    // Known now: nothing more goes to the counter.
    await new Promise((resolve) => setImmediate(resolve));
    expect(counter.batches).toHaveLength(1);
  });

  it("counts a result's text up to the limit, says when it cut, and leaves images out", async () => {
    const meter = new TokenMeter(lengths());
    const result: CallToolResult = {
      content: [
        { type: 'text', text: 'x'.repeat(COUNT_LIMIT - 10) },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        { type: 'text', text: 'y'.repeat(20) },
      ],
    };
    expect(meter.result(result)).toBeUndefined();
    await landed(meter);
    expect(meter.result(result)).toEqual({ tokens: COUNT_LIMIT, uncounted: 1, cut: true });
  });

  it('leaves counts unknown when the counter fails, and the screens go on', async () => {
    const meter = new TokenMeter(() => Promise.reject(new Error('no counter')));
    const t = tool('a');
    expect(meter.tool(t)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect([meter.tool(t), meter.getSnapshot()]).toEqual([undefined, 0]);
  });
});
