import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeck, type Deck } from '../../src/core/deck.js';
import { startCall, type CallState } from '../../src/core/calls/call-run.js';
import { ToolCallError } from '../../src/core/mcp/call.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Resolves with the first state that satisfies `ok`. */
function until(run: { subscribe: (l: () => void) => () => void; getSnapshot: () => CallState }, ok: (s: CallState) => boolean): Promise<CallState> {
  return new Promise((resolve) => {
    const check = () => {
      if (!ok(run.getSnapshot())) return;
      off();
      resolve(run.getSnapshot());
    };
    const off = run.subscribe(check);
    check();
  });
}

describe('startCall over the demo server', () => {
  let deck: Deck;
  beforeAll(async () => {
    deck = await createDeck({ cwd: mkdtempSync(join(tmpdir(), 'mcpdeck-run-')), env: {}, strict: true, demo: true });
    await deck.connectAll();
  });
  afterAll(() => deck.close());

  it('runs, reports progress, and settles done with the outcome', async () => {
    const run = startCall(deck, 'demo', 'count_slowly', { n: 3, intervalMs: 20 });
    expect(run.getSnapshot().phase).toBe('running');
    const seen: number[] = [];
    run.subscribe(() => {
      const p = run.getSnapshot().progress;
      if (p && seen.at(-1) !== p.progress) seen.push(p.progress);
    });
    const final = await run.settled;
    expect(final.phase).toBe('done');
    expect(final.outcome?.result.content).toEqual([{ type: 'text', text: 'counted to 3' }]);
    expect(seen).toEqual([1, 2, 3]);
    expect(final.progress).toMatchObject({ progress: 3, total: 3, message: 'counted 3 of 3' });
    expect(final.endedAt).toBeGreaterThanOrEqual(final.startedAt);
  });

  it('cancel() tells the server and ends failed with kind cancelled; a late reply changes nothing', async () => {
    const run = startCall(deck, 'demo', 'count_slowly', { n: 100, intervalMs: 20 });
    await until(run, (s) => (s.progress?.progress ?? 0) >= 1);
    run.cancel();
    expect(run.getSnapshot()).toMatchObject({ phase: 'failed', error: { kind: 'cancelled' } });
    const final = await run.settled;
    expect(final.error?.kind).toBe('cancelled');
    expect(final.progress!.progress).toBeLessThan(100);
    // The connection is still usable after a cancel.
    const next = await startCall(deck, 'demo', 'echo', { message: 'still here' }).settled;
    expect(next.outcome?.result.content).toEqual([{ type: 'text', text: 'still here' }]);
  });

  it('keeps isError results as outcomes and protocol errors as errors of their kind', async () => {
    const failed = await startCall(deck, 'demo', 'always_fails', {}).settled;
    expect(failed.phase).toBe('done');
    expect(failed.outcome?.isError).toBe(true);
    const unknown = await startCall(deck, 'demo', 'no_such_tool', {}).settled;
    expect(unknown).toMatchObject({ phase: 'failed', error: { kind: 'unknown-tool' } });
    const bad = await startCall(deck, 'demo', 'echo', { message: 42 }).settled;
    expect(bad).toMatchObject({ phase: 'failed', error: { kind: 'bad-arguments' } });
    expect(bad.error!.details.length).toBeGreaterThan(0);
  });

  it('turns anything thrown that is not a ToolCallError into a protocol error', async () => {
    const throwing = { callTool: async () => Promise.reject(new Error('socket hang up')) };
    expect(await startCall(throwing, 's', 't', {}).settled).toMatchObject({ phase: 'failed', error: { kind: 'protocol', message: 'socket hang up' } });
    const timeout = { callTool: async () => Promise.reject(new ToolCallError('timeout', 'timed out', ['a'])) };
    expect(await startCall(timeout, 's', 't', {}).settled).toMatchObject({ error: { kind: 'timeout', details: ['a'] } });
  });
});
