// ResourceSubscriptions over a real client (v2 SDK) and a v1 SDK server, linked in memory.
import { afterEach, describe, expect, it } from 'vitest';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { ResourceSubscriptions, subscriptionOf, type Subscriptions } from '../../src/core/servers/subscriptions.js';
import { ago, watchMark, watchWords } from '../../src/ui/server/resources/resource-entry.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A connected client and the server behind it (which accepts every subscription). */
async function pair(): Promise<{ client: Client; server: Server }> {
  const server = new Server({ name: 'mem', version: '1' }, { capabilities: { resources: { subscribe: true } } });
  server.setRequestHandler(SubscribeRequestSchema, () => ({}));
  const client = new Client({ name: 'test', version: '1' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  closers.push(() => client.close());
  return { client, server };
}

function watcher(): { subs: ResourceSubscriptions; last: () => Subscriptions; published: () => number } {
  let current: Subscriptions = {};
  let count = 0;
  const subs = new ResourceSubscriptions(() => 'mem', (s) => ((current = s), count++), () => 1000);
  return { subs, last: () => current, published: () => count };
}

/** Sends updates, then a round trip, so they have all arrived when this resolves. */
async function updates(client: Client, server: Server, ...uris: string[]): Promise<void> {
  for (const uri of uris) await server.sendResourceUpdated({ uri });
  await client.ping();
}

describe('ResourceSubscriptions', () => {
  it('counts an update of a sub-resource on the resource subscribed to, and drops the rest', async () => {
    const { client, server } = await pair();
    const { subs, last, published } = watcher();
    await subs.subscribe(client, 'file:///repo');
    await subs.subscribe(client, 'file:///repo/src');
    const before = published();
    await updates(client, server, 'file:///repo/src/a.ts', 'file:///repo/README.md', 'file:///repository', 'file:///elsewhere');
    expect(last()).toEqual({ 'file:///repo': { updates: 1, lastUpdate: 1000 }, 'file:///repo/src': { updates: 1, lastUpdate: 1000 } });
    expect(published() - before).toBe(2);
  });

  it('ignores a closed session once a new one is renewed, and takes URIs that look like object keys', async () => {
    const old = await pair();
    const { subs, last } = watcher();
    await subs.subscribe(old.client, '__proto__');
    await subs.subscribe(old.client, 'constructor');
    const fresh = await pair();
    await subs.renew(fresh.client);
    await updates(old.client, old.server, '__proto__');
    await updates(fresh.client, fresh.server, 'constructor');
    expect(subscriptionOf(last(), '__proto__')).toEqual({ updates: 0, error: undefined });
    expect(subscriptionOf(last(), 'constructor')).toEqual({ updates: 1, lastUpdate: 1000 });
    expect(subscriptionOf(last(), 'toString')).toBeUndefined();
    expect(subs.uris.sort()).toEqual(['__proto__', 'constructor']);
  });
});

describe('the watch mark', () => {
  it('says how many updates and how long ago, in few characters', () => {
    expect([0, 999, 12_500, 180_000, 7_200_000, 3 * 86_400_000].map(ago)).toEqual(['now', 'now', '12s', '3m', '2h', '3d']);
    expect(watchMark({ updates: 0 }, 5000)).toBe('◉ 0');
    expect(watchMark({ updates: 3, lastUpdate: 1000 }, 13_000)).toBe('◉ 3 · 12s');
    expect(watchMark({ updates: 123_456, lastUpdate: 0 }, 0)).toBe('◉ 9999+ · now');
    expect(watchMark({ updates: 3, error: 'renewing failed' }, 0)).toBe('◉ !');
    expect(watchWords({ updates: 1, lastUpdate: 0 }, 61_000)).toBe('◉ watched · 1 update · last 1m ago');
    expect(watchWords({ updates: 2, lastUpdate: 500 }, 900)).toBe('◉ watched · 2 updates · last just now');
    expect(watchWords({ updates: 2, error: 'renewing failed: no' }, 0)).toBe('◉ renewing failed: no');
  });
});
