// 2026-07-28 cache hints on lists: a list stays as it is while the server's ttlMs says it
// is fresh, and is asked for again when a person looks at it after that.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import type { TrafficEntry } from '../../src/core/mcp/tap.js';
import { deckWith, state, waitForStatus } from './helpers/deck.js';

const MODERN = fileURLToPath(new URL('../fixtures/servers/modern-server.mjs', import.meta.url));
const modern = (ttlMs: number) => ({ command: process.execPath, args: [MODERN, 'stdio', 'reject'], env: { TOOLS_TTL_MS: String(ttlMs) } });

const names = (d: Deck) => state(d, 'peer').tools.map((t) => t.name);

describe('list cache hints (ttlMs) of a 2026-07-28 server', () => {
  let deck: Deck | undefined;
  afterEach(() => deck?.close());

  async function open(ttlMs: number) {
    deck = await deckWith({ peer: modern(ttlMs) });
    const listed: TrafficEntry[] = [];
    deck.events.on('traffic', ({ entry }) => entry.direction === 'out' && entry.method === 'tools/list' && listed.push(entry));
    await deck.connectAll();
    await waitForStatus(deck, 'peer', ['connected']);
    // The server changes its tools; it declares no tools list_changed, so the deck is not told.
    await deck.callTool('peer', 'add_tool', {});
    listed.length = 0;
    return { deck, listed };
  }

  it('asks again for a list whose ttlMs ran out when a person looks at it', async () => {
    const { deck, listed } = await open(0);
    expect(names(deck)).not.toContain('added');
    await deck.freshen('peer');
    expect(listed).toHaveLength(1);
    expect(names(deck)).toContain('added');
  });

  it('keeps a list the server says is still fresh, without a request', async () => {
    const { deck, listed } = await open(3_600_000);
    await deck.freshen('peer');
    expect(listed).toHaveLength(0);
    expect(names(deck)).not.toContain('added');
  });
});

describe('the deck looks again at stale lists', () => {
  it('opening the server shows the tools the server has now when its ttlMs ran out', async () => {
    const { renderApp, KEY } = await import('../ui/helpers/render.js');
    const deck = await deckWith({ peer: modern(0) });
    const app = renderApp(deck);
    try {
      await deck.connectAll();
      await app.waitFor('✓ connected');
      await deck.callTool('peer', 'add_tool', {});
      expect(names(deck)).not.toContain('added');
      await app.press(KEY.enter);
      const tools = await app.waitFor(/Tools \(\d+\)[\s\S]*added/);
      expect(tools).toContain('added');
    } finally {
      app.unmount();
      await deck.close();
    }
  });
});
