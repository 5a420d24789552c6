// vitest: mostly waiting (server-everything's long-running operation: progress, cancel)
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { ToolCallError } from '../../src/core/mcp/call.js';
import type { TrafficEntry } from '../../src/core/mcp/tap.js';
import { EVERYTHING, startEverything, type RunningServer } from './helpers/everything.js';
import { deckWith, state, waitFor } from './helpers/deck.js';

// A folder of its own, offered as the one root: never the folder the tests run in.
const ROOT = realpathSync(mkdtempSync(join(tmpdir(), 'mcpdeck-root-')));

// The same checks against the real server-everything over each transport.
const transports = [
  { name: 'stdio', start: async () => ({ entry: { command: process.execPath, args: [EVERYTHING, 'stdio'], roots: [ROOT] }, stop: async () => {} }) },
  { name: 'sse', start: () => remote('sse') },
  { name: 'http', start: () => remote('streamableHttp') },
] as const;

async function remote(mode: 'sse' | 'streamableHttp') {
  const server: RunningServer = await startEverything(mode);
  return { entry: { type: mode === 'sse' ? 'sse' : 'http', url: server.url, roots: [ROOT] }, stop: server.stop };
}

describe.each(transports)('server-everything over $name', ({ start }) => {
  let deck: Deck;
  let stop: () => Promise<void>;
  const traffic: TrafficEntry[] = [];

  beforeAll(async () => {
    const started = await start();
    stop = started.stop;
    deck = await deckWith({ everything: started.entry });
    deck.events.on('traffic', ({ entry }) => traffic.push(entry));
    await deck.connectAll();
  });

  afterAll(async () => {
    await deck?.close();
    await stop?.();
  });

  it('connects and lists tools, resources and prompts with server info', () => {
    const s = state(deck, 'everything');
    expect(s.status, s.error).toBe('connected');
    expect(s.serverInfo?.name).toMatch(/everything/i);
    expect(s.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(s.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'get-sum', 'trigger-long-running-operation']));
    expect(s.tools.find((t) => t.name === 'echo')?.qualifiedName).toBe('mcp__everything__echo');
    expect(s.resources.length).toBeGreaterThan(0);
    expect(s.prompts.length).toBeGreaterThan(0);
  });

  it('calls a tool by its plain and its qualified name', async () => {
    const plain = await deck.callTool('everything', 'echo', { message: 'hi' });
    expect(plain.isError).toBe(false);
    expect(plain.result.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('hi') });
    const qualified = await deck.callTool('everything', 'mcp__everything__get-sum', { a: 2, b: 3 });
    expect(JSON.stringify(qualified.result.content)).toContain('5');
    expect(qualified.durationMs).toBeGreaterThan(0);
  });

  it('reports progress while a tool runs', async () => {
    const progress: number[] = [];
    const outcome = await deck.callTool('everything', 'trigger-long-running-operation', { duration: 0.6, steps: 3 }, { onProgress: (p) => progress.push(p.progress) });
    expect(outcome.isError).toBe(false);
    // Over SSE the last notification may trail the result; the ones that came are in order.
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('cancels a running call and tells the server', async () => {
    const abort = new AbortController();
    const call = deck.callTool('everything', 'trigger-long-running-operation', { duration: 30, steps: 30 }, {
      signal: abort.signal,
      onProgress: () => abort.abort(),
    });
    await expect(call).rejects.toMatchObject({ kind: 'cancelled' });
    expect(traffic.some((e) => e.direction === 'out' && e.method === 'notifications/cancelled')).toBe(true);
    // The connection survives a cancelled call.
    expect((await deck.callTool('everything', 'echo', { message: 'still here' })).isError).toBe(false);
  });

  it('validates structured content against the output schema', async () => {
    const outcome = await deck.callTool('everything', 'get-structured-content', { location: 'Chicago' });
    expect(outcome.output).toEqual({ valid: true, errors: [] });
    expect(outcome.result.structuredContent).toMatchObject({ temperature: expect.any(Number) });
  });

  it('tells a tool error result from a protocol error', async () => {
    const failed = await deck.callTool('everything', 'gzip-file-as-resource', { name: 'x.gz', data: 'http://127.0.0.1:9/nothing-here' });
    expect(failed.isError).toBe(true);
    const refused = deck.callTool('everything', 'get-sum', { a: 'one', b: 2 });
    await expect(refused).rejects.toBeInstanceOf(ToolCallError);
    await expect(refused).rejects.toMatchObject({ kind: 'bad-arguments', message: expect.stringContaining('"a" must be number') });
  });

  it('refetches the resource list on list_changed', async () => {
    const name = `hello-${Date.now()}.txt.gz`;
    // The tool registers a new resource on the server, which announces resources/list_changed.
    await deck.callTool('everything', 'gzip-file-as-resource', { name, data: 'data:text/plain;base64,aGVsbG8=', outputType: 'resourceLink' });
    await waitFor(deck, () => state(deck, 'everything').resources.some((r) => r.uri.includes(name)), 'the new resource');
    const changed = traffic.findIndex((e) => e.direction === 'in' && e.method === 'notifications/resources/list_changed');
    expect(traffic.slice(changed).some((e) => e.direction === 'out' && e.method === 'resources/list')).toBe(true);
  });

  it('answers roots/list with the configured roots', async () => {
    const outcome = await deck.callTool('everything', 'get-roots-list', {});
    expect(JSON.stringify(outcome.result.content)).toContain(pathToFileURL(ROOT).href);
    expect(state(deck, 'everything').roots).toEqual([ROOT]);
  });
});
