import { afterEach, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith, state, waitFor } from './helpers/deck.js';
import { everythingStdio } from '../helpers/servers.js';

describe('server log messages and traffic', () => {
  let deck: Deck | undefined;
  afterEach(async () => {
    await deck?.close();
    deck = undefined;
  });

  it('records the level asked for, keeps log messages on the state, and logs the traffic paired', async () => {
    deck = await deckWith({ e: everythingStdio() });
    await deck.connectAll();
    expect(state(deck, 'e').logLevel).toBeUndefined();
    // debug lets every level through, so the first (random-level) message comes at once.
    await deck.setLogLevel('e', 'debug');
    expect(state(deck, 'e').logLevel).toBe('debug');
    await deck.callTool('e', 'toggle-simulated-logging', {});
    const d = deck;
    await waitFor(d, () => state(d, 'e').logs.some((l) => /level[- ]message$/.test(String(l.data))), 'a simulated log message');
    await deck.callTool('e', 'toggle-simulated-logging', {});
    const entry = state(deck, 'e').logs.find((l) => /level[- ]message$/.test(String(l.data)))!;
    expect(entry.level).toMatch(/^(debug|info|notice|warning|error|critical|alert|emergency)$/);
    expect(entry.time).toBeGreaterThan(0);
    const traffic = deck.traffic.of('e').getSnapshot();
    expect(traffic.find((r) => r.kind === 'response' && r.method === 'logging/setLevel')).toMatchObject({ direction: 'in' });
    expect(traffic.find((r) => r.kind === 'request' && r.method === 'tools/call')).toMatchObject({ direction: 'out' });
    expect(traffic.find((r) => r.kind === 'notification' && r.method === 'notifications/message')).toMatchObject({ direction: 'in' });
  });

  it('refuses to set a level on a server that does not offer logging, and forgets the level on reconnect', async () => {
    const healthy = new URL('../fixtures/servers/healthy.mjs', import.meta.url).pathname;
    deck = await deckWith({ e: everythingStdio(), plain: { command: process.execPath, args: [healthy] } });
    await deck.connectAll();
    await expect(deck.setLogLevel('plain', 'debug')).rejects.toThrow('plain does not offer logging');
    expect(state(deck, 'plain').logLevel).toBeUndefined();
    await deck.setLogLevel('e', 'debug');
    await deck.reconnect('e');
    expect(state(deck, 'e').logLevel).toBeUndefined();
  });
});
