// vitest: mostly waiting (long-running calls, progress and cancel, in both protocol generations)
// The same behaviours against servers of both protocol generations: a 2026-07-28-only
// server built with the v2 server SDK (legacy handshake refused) over Streamable HTTP and
// stdio, a dual-era one, and server-everything (v1 SDK, the 2025 revisions).
import { spawn } from 'node:child_process';
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/client';
import type { Deck } from '../../src/core/deck.js';
import { ToolCallError } from '../../src/core/mcp/call.js';
import type { TrafficEntry } from '../../src/core/mcp/tap.js';
import { deckWith, state, waitFor } from './helpers/deck.js';
import { nextPending, resultText } from './helpers/elicit.js';
import { EVERYTHING, freePort } from './helpers/everything.js';
import { everythingStdio } from '../helpers/servers.js';

const MODERN = fileURLToPath(new URL('../fixtures/servers/modern-server.mjs', import.meta.url));

/** The modern fixture over HTTP on a free loopback port; `legacy` says whether it also answers 2025 clients. */
async function modernHttp(legacy: 'reject' | 'stateless') {
  const port = await freePort();
  const child = spawn(process.execPath, [MODERN, 'http', legacy], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the modern fixture exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => /listening/.test(chunk.toString()) && resolve());
  });
  const stop = async () => {
    child.kill();
    await new Promise((resolve) => child.once('exit', resolve));
  };
  return { entry: { type: 'http', url: `http://127.0.0.1:${port}/mcp` }, stop };
}

const local = (entry: Record<string, unknown>) => async () => ({ entry, stop: async () => {} });

interface Peer {
  name: string;
  start: () => Promise<{ entry: Record<string, unknown>; stop: () => Promise<void> }>;
  era: 'modern' | 'legacy';
  version: string;
  tools: string[];
  progress: [tool: string, args: Record<string, unknown>];
  long: [tool: string, args: Record<string, unknown>];
  ask: { call: [tool: string, args: Record<string, unknown>]; answer: Record<string, unknown>; says: string };
  watch: { uri: string; touch: [tool: string, args: Record<string, unknown>] };
  /** A call that makes the server announce a list change, and how the new list shows it. */
  change: { call: [tool: string, args: Record<string, unknown>]; shows: (deck: Deck) => boolean };
}

const modernBehaviour = {
  era: 'modern' as const,
  version: '2026-07-28',
  tools: ['echo', 'count_slowly', 'greet'],
  progress: ['count_slowly', { n: 3 }] as Peer['progress'],
  long: ['count_slowly', { n: 300 }] as Peer['long'],
  ask: { call: ['greet', {}] as Peer['ask']['call'], answer: { name: 'Ada' }, says: 'hello, Ada' },
  watch: { uri: 'modern://counter', touch: ['touch', {}] as Peer['watch']['touch'] },
  change: { call: ['add_tool', {}] as Peer['change']['call'], shows: (deck: Deck) => state(deck, 'peer').tools.some((t) => t.name === 'added') },
};

const peers: Peer[] = [
  { name: '2026-only over Streamable HTTP', start: () => modernHttp('reject'), ...modernBehaviour },
  { name: 'dual-era over Streamable HTTP', start: () => modernHttp('stateless'), ...modernBehaviour },
  { name: '2026-only over stdio', start: local({ command: process.execPath, args: [MODERN, 'stdio', 'reject'] }), ...modernBehaviour },
  {
    name: 'server-everything (v1 SDK) over stdio',
    start: local(everythingStdio()),
    era: 'legacy',
    version: '2025-11-25',
    tools: ['echo', 'get-sum', 'trigger-elicitation-request'],
    progress: ['trigger-long-running-operation', { duration: 0.6, steps: 3 }],
    long: ['trigger-long-running-operation', { duration: 30, steps: 30 }],
    ask: {
      call: ['trigger-elicitation-request', {}],
      answer: { name: 'Ada', check: true, integer: 7, number: 2.5, untitledMultipleSelectEnum: ['Piano'], titledSingleSelectEnum: 'hero-2' },
      says: '- Name: Ada',
    },
    watch: { uri: 'demo://resource/static/document/architecture.md', touch: ['toggle-subscriber-updates', {}] },
    change: {
      call: ['gzip-file-as-resource', { name: 'eras.gz', data: 'data:text/plain;base64,aGVsbG8=', outputType: 'resourceLink' }],
      shows: (deck: Deck) => state(deck, 'peer').resources.some((r) => r.uri.includes('eras.gz')),
    },
  },
];

describe.each(peers)('$name', (peer) => {
  let deck: Deck;
  let stop: () => Promise<void>;
  const traffic: TrafficEntry[] = [];

  beforeAll(async () => {
    const started = await peer.start();
    stop = started.stop;
    deck = await deckWith({ peer: started.entry });
    deck.events.on('traffic', ({ entry }) => traffic.push(entry));
    await deck.connectAll();
  }, 30_000);

  afterAll(async () => {
    await deck?.close();
    await stop?.();
  });

  it('connects and says which revision and era it speaks', () => {
    const s = state(deck, 'peer');
    expect(s.error).toBeUndefined();
    expect(s.status).toBe('connected');
    expect(s.protocolVersion).toBe(peer.version);
    expect(s.protocolEra).toBe(peer.era);
    // A 2025 session sends initialize once; a 2026 one sends no 2025 initialize (over stdio one
    // goes with the probe, carrying the 2026 envelope: stdio-opening.ts).
    const initialize = traffic.filter((e) => e.direction === 'out' && e.method === 'initialize');
    const bare = initialize.filter((e) => !(e.message as { params?: { _meta?: Record<string, unknown> } }).params?._meta?.[PROTOCOL_VERSION_META_KEY]);
    expect(peer.era === 'legacy' ? initialize.length : bare.length).toBe(peer.era === 'legacy' ? 1 : 0);
    expect(traffic.some((e) => e.direction === 'out' && e.method === 'server/discover')).toBe(true);
  });

  it('lists tools, resources and prompts', () => {
    const s = state(deck, 'peer');
    expect(s.tools.map((t) => t.name)).toEqual(expect.arrayContaining(peer.tools));
    expect(s.resources.length).toBeGreaterThan(0);
    expect(s.prompts.length).toBeGreaterThan(0);
  });

  it('calls a tool and reports its progress', async () => {
    const progress: number[] = [];
    const outcome = await deck.callTool('peer', peer.progress[0], peer.progress[1], { onProgress: (p) => progress.push(p.progress) });
    expect(outcome.isError).toBe(false);
    expect(progress).toEqual([1, 2, 3]);
  });

  it('cancels a running call, and the server goes on answering', async () => {
    const abort = new AbortController();
    const call = deck.callTool('peer', peer.long[0], peer.long[1], { signal: abort.signal, onProgress: () => abort.abort() });
    const error = await call.then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ToolCallError);
    expect((error as ToolCallError).kind).toBe('cancelled');
    expect(state(deck, 'peer').status).toBe('connected');
    expect((await deck.callTool('peer', 'echo', peer.era === 'modern' ? { text: 'hi' } : { message: 'hi' })).isError).toBe(false);
  });

  it('puts what the server asks in the queue, and the answer reaches the tool', async () => {
    const call = deck.callTool('peer', ...peer.ask.call);
    const request = await nextPending(deck, 'elicit-form', 'peer');
    expect(deck.requests.respond(request.id, { action: 'accept', content: peer.ask.answer })).toEqual({ ok: true });
    expect(resultText(await call)).toContain(peer.ask.says);
    // 2026: the question came inside the call's result and the call was sent again with the answer.
    const calls = traffic.filter((e) => e.direction === 'out' && e.method === 'tools/call' && JSON.stringify(e.message).includes(peer.ask.call[0]));
    expect(calls.length).toBe(peer.era === 'modern' ? 2 : 1);
  });

  it('watches a resource and counts its updates', async () => {
    await deck.subscribeResource('peer', peer.watch.uri);
    await deck.callTool('peer', ...peer.watch.touch);
    await waitFor(deck, () => (state(deck, 'peer').subscriptions?.[peer.watch.uri]?.updates ?? 0) >= 1, 'an update of the watched resource');
    const asked = peer.era === 'modern' ? 'subscriptions/listen' : 'resources/subscribe';
    expect(traffic.some((e) => e.direction === 'out' && e.method === asked)).toBe(true);
    await deck.unsubscribeResource('peer', peer.watch.uri);
    if (peer.era === 'legacy') await deck.callTool('peer', ...peer.watch.touch);
  });

  it('refreshes a list the server says has changed', async () => {
    await deck.callTool('peer', ...peer.change.call);
    await waitFor(deck, () => peer.change.shows(deck), 'the changed list');
  });
});

describe('a server and mcpdeck without a revision in common', () => {
  it('says so, with what each side speaks, and never calls it a wrong URL', async () => {
    const modern = await modernHttp('reject');
    const deck = await deckWith({
      old: { ...modern.entry, protocol: 'legacy' },
      pinned: { command: process.execPath, args: [EVERYTHING, 'stdio'], protocol: 'modern' },
    });
    try {
      await deck.connectAll();
      const old = state(deck, 'old');
      expect(old.status).toBe('failed');
      expect(old.error).toMatch(/does not speak the MCP revision mcpdeck offered \(2025-11-25, .*\): it speaks 2026-07-28; change "protocol" \(now "legacy"\)/);
      expect(old.error).not.toMatch(/check the URL/);
      const pinned = state(deck, 'pinned');
      expect(pinned.status).toBe('failed');
      expect(pinned.error).toMatch(/does not speak the MCP revision mcpdeck offered \(2026-07-28\)/);
    } finally {
      await deck.close();
      await modern.stop();
    }
  });

  it('falls back to SSE only when the server refused the transport, not the revision', async () => {
    const modern = await modernHttp('reject');
    // An untyped URL may be an SSE server; a 400 carrying a JSON-RPC error is not that.
    const deck = await deckWith({ untyped: { url: modern.entry.url, protocol: '2025-06-18' } });
    try {
      await deck.connectAll();
      expect(state(deck, 'untyped').error).toMatch(/it speaks 2026-07-28/);
    } finally {
      await deck.close();
      await modern.stop();
    }
  });
});

describe('roots on a 2026-07-28 session', () => {
  it('travel in an input_required round, answered by the same roots/list handler; none when none are configured', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'mcpdeck-root-')));
    const withRoots = await deckWith({ peer: { command: process.execPath, args: [MODERN, 'stdio', 'reject'], roots: [root] } });
    const without = await deckWith({ peer: { command: process.execPath, args: [MODERN, 'stdio', 'reject'] } });
    try {
      await Promise.all([withRoots.connectAll(), without.connectAll()]);
      expect(state(withRoots, 'peer').protocolEra).toBe('modern');
      const sent = await withRoots.callTool('peer', 'roots', {});
      expect(JSON.stringify(sent.result.content)).toContain(pathToFileURL(root).href);
      const none = await without.callTool('peer', 'roots', {}).then((o) => JSON.stringify(o.result.content), (e: Error) => e.message);
      expect(none).not.toContain('file://');
    } finally {
      await withRoots.close();
      await without.close();
    }
  });
});
