// Watched resources: subscribed, counted on each update, renewed on every new session
// (a reconnect, a crash and restart), and gone after unsubscribing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith, state, waitFor, waitForStatus } from './helpers/deck.js';
import { everythingStdio } from '../helpers/servers.js';

const SUBSCRIBABLE = fileURLToPath(new URL('../fixtures/servers/subscribable.mjs', import.meta.url));
const decks: Deck[] = [];

afterEach(async () => {
  await Promise.all(decks.splice(0).map((deck) => deck.close()));
});

/** A deck with the subscribable fixture as `subs`, connected; its starts are counted in a fresh file. */
async function subscribable(env: Record<string, string> = {}): Promise<Deck> {
  const runs = join(mkdtempSync(join(tmpdir(), 'mcpdeck-subs-')), 'runs');
  const deck = await deckWith({ subs: { command: process.execPath, args: [SUBSCRIBABLE], env: { SUBSCRIBABLE_RUNS: runs, ...env } } });
  decks.push(deck);
  await deck.connectAll();
  expect(state(deck, 'subs').status).toBe('connected');
  return deck;
}

const text = (outcome: Awaited<ReturnType<Deck['callTool']>>) => (outcome.result.content[0] as { text: string }).text;

/** What the server process itself says it is subscribed to. */
async function serverSide(deck: Deck): Promise<{ run: number; subscribed: string[] }> {
  return JSON.parse(text(await deck.callTool('subs', 'subscriptions', {}))) as { run: number; subscribed: string[] };
}

const watched = (deck: Deck, uri: string) => state(deck, 'subs').subscriptions?.[uri];

async function touchAndCount(deck: Deck, uri: string, expected: number): Promise<void> {
  expect(text(await deck.callTool('subs', 'touch', { uri }))).toContain('(notified)');
  await waitFor(deck, () => watched(deck, uri)?.updates === expected, `update ${expected} of ${uri}`);
  expect(watched(deck, uri)?.lastUpdate).toBeGreaterThan(0);
}

describe('resource subscriptions', () => {
  it('counts updates, and renews the subscription after a reconnect and after a crash', async () => {
    const deck = await subscribable();
    await deck.subscribeResource('subs', 'sub://counter');
    expect(watched(deck, 'sub://counter')).toEqual({ updates: 0 });
    expect(await serverSide(deck)).toEqual({ run: 1, subscribed: ['sub://counter'] });
    await touchAndCount(deck, 'sub://counter', 1);

    await deck.reconnect('subs');
    expect(state(deck, 'subs').status).toBe('connected');
    expect(await serverSide(deck)).toEqual({ run: 2, subscribed: ['sub://counter'] });
    await touchAndCount(deck, 'sub://counter', 2);

    await expect(deck.callTool('subs', 'crash', {})).rejects.toThrow();
    const after = await waitForStatus(deck, 'subs', ['failed', 'connecting', 'connected']);
    // A supervisor may restart it on its own; a person's reconnect works either way.
    if (after.status === 'failed') await deck.reconnect('subs');
    await waitForStatus(deck, 'subs', ['connected']);
    expect(await serverSide(deck)).toEqual({ run: 3, subscribed: ['sub://counter'] });
    await touchAndCount(deck, 'sub://counter', 3);
    expect(watched(deck, 'sub://counter')?.error).toBeUndefined();
  });

  it('stops the updates on unsubscribe, and does not renew it afterwards', async () => {
    const deck = await subscribable();
    await deck.subscribeResource('subs', 'sub://counter');
    await deck.subscribeResource('subs', 'sub://notes');
    await deck.unsubscribeResource('subs', 'sub://counter');
    expect(Object.keys(state(deck, 'subs').subscriptions ?? {})).toEqual(['sub://notes']);
    expect((await serverSide(deck)).subscribed).toEqual(['sub://notes']);
    // The server notifies before it answers: an answer without "(notified)" means no update was sent.
    expect(text(await deck.callTool('subs', 'touch', { uri: 'sub://counter' }))).not.toContain('(notified)');
    await touchAndCount(deck, 'sub://notes', 1);
    expect(watched(deck, 'sub://counter')).toBeUndefined();

    await deck.reconnect('subs');
    expect(await serverSide(deck)).toEqual({ run: 2, subscribed: ['sub://notes'] });
  });

  it('forgets a subscription of a server that is not connected, without asking it', async () => {
    const deck = await subscribable();
    await deck.subscribeResource('subs', 'sub://counter');
    await deck.setEnabled('subs', false);
    await deck.unsubscribeResource('subs', 'sub://counter');
    await deck.setEnabled('subs', true);
    expect(await serverSide(deck)).toEqual({ run: 2, subscribed: [] });
  });

  it('reports a URI that fails to renew, and renews the others', async () => {
    const deck = await subscribable();
    await deck.subscribeResource('subs', 'sub://counter');
    await deck.subscribeResource('subs', 'sub://flaky');
    await deck.reconnect('subs');
    expect(state(deck, 'subs').status).toBe('connected');
    expect(watched(deck, 'sub://flaky')?.error).toMatch(/^renewing the subscription failed: .*flaky refuses after a restart/);
    expect(await serverSide(deck)).toEqual({ run: 2, subscribed: ['sub://counter'] });
    await touchAndCount(deck, 'sub://counter', 1);
  });

  it('refuses clearly on a server without resources.subscribe, and on one that is not connected', async () => {
    const deck = await subscribable({ SUBSCRIBABLE_NO_SUBSCRIBE: '1' });
    await expect(deck.subscribeResource('subs', 'sub://counter')).rejects.toThrow(
      'subs does not offer resource subscriptions (its resources capability has no "subscribe")',
    );
    expect(state(deck, 'subs').subscriptions ?? {}).toEqual({});
    await deck.setEnabled('subs', false);
    await expect(deck.subscribeResource('subs', 'sub://counter')).rejects.toThrow('subs is not connected');
    await expect(deck.subscribeResource('nobody', 'sub://counter')).rejects.toThrow('no server named "nobody"');
  });

  it('counts the updates server-everything sends for a subscribed resource', async () => {
    const deck = await deckWith({ everything: everythingStdio() });
    decks.push(deck);
    await deck.connectAll();
    const uri = state(deck, 'everything').resources[0]!.uri;
    await deck.subscribeResource('everything', uri);
    // It sends one update at once, then one every 5 s.
    await deck.callTool('everything', 'toggle-subscriber-updates', {});
    await waitFor(deck, () => (state(deck, 'everything').subscriptions?.[uri]?.updates ?? 0) >= 1, 'an update from server-everything');
  });
});
