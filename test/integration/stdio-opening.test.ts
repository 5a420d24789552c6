// How a stdio session of unknown era opens (src/core/mcp/stdio-opening.ts): the era probe
// and `initialize` go out together, so a hand-written server that says nothing to a method
// it does not know connects as soon as it answers `initialize`, while 2026-07-28 servers
// (dual-era ones included) still open on the current revision.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/client';
import type { Deck } from '../../src/core/deck.js';
import type { TrafficEntry } from '../../src/core/mcp/tap.js';
import { deckWith, state } from './helpers/deck.js';
import { resultText } from './helpers/elicit.js';
import { everythingStdio } from '../helpers/servers.js';

const HAND_WRITTEN = fileURLToPath(new URL('../fixtures/servers/hand-written.sh', import.meta.url));
const MODERN = fileURLToPath(new URL('../fixtures/servers/modern-server.mjs', import.meta.url));
const QUITS = fileURLToPath(new URL('../fixtures/servers/quits-before-initialize.mjs', import.meta.url));

// Below the 3 s the SDK's probe used to wait on a silent server: only an opening that does
// not wait on silence connects within it. Far above what a bash server needs to answer.
const TIMEOUT = 2500;

describe('opening a stdio session of unknown era', () => {
  let deck: Deck;
  const traffic: (TrafficEntry & { server: string })[] = [];
  const sent = (server: string, method: string) => traffic.filter((e) => e.server === server && e.direction === 'out' && e.method === method);

  beforeAll(async () => {
    deck = await deckWith({
      silent: { command: 'bash', args: [HAND_WRITTEN], timeout: TIMEOUT },
      answers: { command: 'bash', args: [HAND_WRITTEN, 'answers'], timeout: TIMEOUT },
      everything: everythingStdio(),
      dual: { command: process.execPath, args: [MODERN, 'stdio', 'both'] },
      quits: { command: process.execPath, args: [QUITS] },
    });
    deck.events.on('traffic', ({ name, entry }) => traffic.push({ server: name, ...entry }));
    await deck.connectAll();
  }, 30_000);

  afterAll(async () => {
    await deck?.close();
  });

  it('connects a server that is silent to methods it does not know, without waiting on the probe', async () => {
    const s = state(deck, 'silent');
    expect(s.error).toBeUndefined();
    expect(s.status).toBe('connected');
    expect(s.protocolEra).toBe('legacy');
    expect(s.tools.map((t) => t.name)).toEqual(['echo']);
    expect(resultText(await deck.callTool('silent', 'echo', { message: 'hi' }))).toBe('Echo: hi');
  });

  it('connects the same server answering -32601 the same way', () => {
    const s = state(deck, 'answers');
    expect(s.status).toBe('connected');
    expect(s.protocolEra).toBe('legacy');
  });

  it('sends initialize once on a 2025 session: the SDK gets the answer the server already gave', () => {
    for (const server of ['silent', 'answers', 'everything']) {
      expect(sent(server, 'initialize')).toHaveLength(1);
      expect(sent(server, 'notifications/initialized')).toHaveLength(1);
    }
    expect(state(deck, 'everything').protocolVersion).toBe('2025-11-25');
  });

  it('keeps a dual-era server on 2026-07-28: its initialize carries the 2026 envelope', () => {
    const s = state(deck, 'dual');
    expect(s.error).toBeUndefined();
    expect(s.protocolEra).toBe('modern');
    expect(s.protocolVersion).toBe('2026-07-28');
    const [initialize] = sent('dual', 'initialize');
    expect((initialize?.message as { params?: { _meta?: Record<string, unknown> } }).params?._meta?.[PROTOCOL_VERSION_META_KEY]).toBe('2026-07-28');
  });

  it('starts a server that quits on the probe once more, and greets it the 2025 way', () => {
    const s = state(deck, 'quits');
    expect(s.error).toBeUndefined();
    expect(s.status).toBe('connected');
    expect(s.protocolEra).toBe('legacy');
    expect(s.tools.map((t) => t.name)).toEqual(['ping']);
  });
});
