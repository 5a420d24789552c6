// Trace context on the wire (SEP-414): a fixture server writes down the `_meta` of every
// request it gets, and the test reads what mcpdeck put there.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { parseTraceparent } from '../../src/core/tracing/trace-context.js';
import { fixtureServer } from '../helpers/servers.js';
import { deckWith, waitForStatus } from './helpers/deck.js';
import { runCli, sandbox } from './helpers/cli.js';

interface Seen { method: string; meta: Record<string, unknown> | null }

const seenIn = (file: string): Seen[] => readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Seen);
const parentOf = (seen: Seen) => parseTraceparent(String(seen.meta?.traceparent));
const JOINED = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

let deck: Deck | undefined;
afterEach(async () => {
  await deck?.close();
  deck = undefined;
});

function recorder(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'mcpdeck-trace-')), 'meta.jsonl');
  writeFileSync(file, '');
  return file;
}

describe('trace context in _meta (SEP-414)', () => {
  it('every request carries a valid traceparent; each hand call is a trace of its own, with a span per request', async () => {
    const file = recorder();
    deck = await deckWith({ meta: fixtureServer('records-meta.mjs', file) });
    await deck.connectAll();
    await waitForStatus(deck, 'meta', ['connected']);
    const first = await deck.callTool('meta', 'echo', { text: 'a' });
    const second = await deck.callTool('meta', 'echo', { text: 'b' });
    const seen = seenIn(file);
    expect(seen.map((s) => s.method)).toEqual(expect.arrayContaining(['initialize', 'tools/list', 'tools/call']));
    for (const request of seen) expect(parentOf(request), `${request.method}: ${JSON.stringify(request.meta)}`).toBeDefined();
    const calls = seen.filter((s) => s.method === 'tools/call').map(parentOf);
    expect(calls.map((c) => c!.traceId)).toEqual([first.traceId, second.traceId]);
    expect(first.traceId).not.toBe(second.traceId);
    // Requests outside a call (connecting, listing) are traces of their own, not the call's.
    const others = seen.filter((s) => s.method !== 'tools/call').map((s) => parentOf(s)!.traceId);
    expect(others).not.toContain(first.traceId);
    expect(new Set(seen.map((s) => parentOf(s)!.spanId)).size).toBe(seen.length);
  });

  it('a run shares one trace; a joined trace is every request\'s, each a new span under the given parent', async () => {
    const file = recorder();
    deck = await deckWith({ meta: fixtureServer('records-meta.mjs', file) }, { wire: { traceparent: JOINED } });
    await deck.connectAll();
    await waitForStatus(deck, 'meta', ['connected']);
    const trace = deck.wire.tracing.begin();
    const outcomes = await deck.wire.tracing.run(() => Promise.all([deck!.callTool('meta', 'echo', { text: 'a' }), deck!.callTool('meta', 'echo', { text: 'b' })]), trace);
    expect(outcomes.map((o) => o.traceId)).toEqual([trace.traceId, trace.traceId]);
    const parents = seenIn(file).map(parentOf);
    expect(new Set(parents.map((p) => p!.traceId))).toEqual(new Set(['4bf92f3577b34da6a3ce929d0e0e4736']));
    expect(parents.map((p) => p!.spanId)).not.toContain('00f067aa0ba902b7');
  });

  it('a joined trace\'s tracestate and the baggage given go along on every request; a tracestate without a trace joined does not', async () => {
    const file = recorder();
    deck = await deckWith({ meta: fixtureServer('records-meta.mjs', file) }, { wire: { traceparent: JOINED, tracestate: 'congo=t61rcWkgMzE', baggage: 'userId=alice' } });
    await deck.connectAll();
    await waitForStatus(deck, 'meta', ['connected']);
    await deck.callTool('meta', 'echo', { text: 'a' });
    for (const { meta } of seenIn(file)) expect(meta).toMatchObject({ tracestate: 'congo=t61rcWkgMzE', baggage: 'userId=alice' });
    await deck.close();

    const alone = recorder();
    deck = await deckWith({ meta: fixtureServer('records-meta.mjs', alone) }, { wire: { tracestate: 'congo=t61rcWkgMzE', baggage: 'userId=alice' } });
    await deck.connectAll();
    await waitForStatus(deck, 'meta', ['connected']);
    await deck.callTool('meta', 'echo', { text: 'a' });
    for (const { meta } of seenIn(alone)) {
      expect(meta).toMatchObject({ baggage: 'userId=alice' });
      expect(meta).not.toHaveProperty('tracestate');
    }
  });

  it('a run that is not joined has one new trace for all its calls', async () => {
    const file = recorder();
    deck = await deckWith({ meta: fixtureServer('records-meta.mjs', file) });
    await deck.connectAll();
    await waitForStatus(deck, 'meta', ['connected']);
    const trace = deck.wire.tracing.begin();
    await deck.wire.tracing.run(async () => {
      await deck!.callTool('meta', 'echo', { text: 'a' });
      await deck!.callTool('meta', 'echo', { text: 'b' });
    }, trace);
    const calls = seenIn(file).filter((s) => s.method === 'tools/call').map((s) => parentOf(s)!.traceId);
    expect(calls).toEqual([trace.traceId, trace.traceId]);
  });

  it('the traffic log shows the trace of each request and of the answer to it', async () => {
    const file = recorder();
    deck = await deckWith({ meta: fixtureServer('records-meta.mjs', file) });
    await deck.connectAll();
    await waitForStatus(deck, 'meta', ['connected']);
    const { traceId } = await deck.callTool('meta', 'echo', { text: 'a' });
    const rows = deck.traffic.of('meta').getSnapshot().filter((r) => r.method === 'tools/call');
    expect(rows.map((r) => [r.kind, r.traceId])).toEqual([['request', traceId], ['response', traceId]]);
  });
});

describe('trace context from the command line', () => {
  it('call --json names the trace; MCPDECK_TRACEPARENT joins one, --traceparent wins over it, a bad one is refused', async () => {
    const file = recorder();
    const box = sandbox();
    const server = ['--', process.execPath, ...fixtureServer('records-meta.mjs', file).args];
    const own = await runCli(['call', 'echo', 'text=hi', '--json', ...server], box);
    expect(own.code, own.stderr).toBe(0);
    const ownId = (JSON.parse(own.stdout) as { traceId: string }).traceId;
    expect(ownId).toMatch(/^[0-9a-f]{32}$/);
    expect(seenIn(file).filter((s) => s.method === 'tools/call').map((s) => parentOf(s)!.traceId)).toEqual([ownId]);

    const joined = await runCli(['call', 'echo', 'text=hi', '--json', ...server], { ...box, env: { ...box.env, MCPDECK_TRACEPARENT: JOINED, MCPDECK_TRACESTATE: 'congo=t61rcWkgMzE' } });
    expect(joined.code, joined.stderr).toBe(0);
    expect(seenIn(file).at(-1)!.meta).toMatchObject({ traceparent: expect.stringContaining('4bf92f3577b34da6a3ce929d0e0e4736'), tracestate: 'congo=t61rcWkgMzE' });
    expect((JSON.parse(joined.stdout) as { traceId: string }).traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');

    const option = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const wins = await runCli(['call', 'echo', 'text=hi', '--json', '--traceparent', option, ...server], { ...box, env: { ...box.env, MCPDECK_TRACEPARENT: JOINED } });
    expect((JSON.parse(wins.stdout) as { traceId: string }).traceId).toBe('0af7651916cd43dd8448eb211c80319c');

    const bad = await runCli(['call', 'echo', '--traceparent', 'not-a-trace', ...server], box);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--traceparent "not-a-trace" is not a W3C traceparent');
  });

  it('test --json and fuzz --json: one trace for the whole run, every call of it in that trace', async () => {
    const file = recorder();
    const box = sandbox();
    const config = join(box.cwd, 'servers.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { meta: fixtureServer('records-meta.mjs', file) } }));
    const tests = join(box.cwd, 't.json');
    const one = (name: string) => ({ name, server: 'meta', tool: 'echo', arguments: { text: name }, expect: { text: { contains: name } } });
    writeFileSync(tests, JSON.stringify({ tests: [one('a'), one('b')] }));
    const approved = await runCli(['approve', '--file', tests], box);
    expect(approved.code, approved.stderr).toBe(0);
    const run = await runCli(['test', '--strict', '-c', config, 't.json', '--json'], box);
    expect(run.code, run.stderr).toBe(0);
    const { traceId } = JSON.parse(run.stdout) as { traceId: string };
    const calls = () => seenIn(file).filter((s) => s.method === 'tools/call').map((s) => parentOf(s)!.traceId);
    expect(calls()).toEqual([traceId, traceId]);

    writeFileSync(file, '');
    const fuzz = await runCli(['fuzz', 'meta', '--strict', '-c', config, '--seed', '3', '--count', '3', '--json'], box);
    const fuzzed = JSON.parse(fuzz.stdout) as { traceId: string };
    expect(fuzzed.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(calls())).toEqual(new Set([fuzzed.traceId]));
    expect(calls().length).toBeGreaterThan(1);
  });
});
