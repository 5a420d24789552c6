// The deck's first full frame waits for in-process servers (they connect on the deck's own
// thread, in milliseconds) and for nothing else: src/cli/commands/ui.ts.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { inProcessSettled } from '../../src/core/servers/in-process-settled.js';
import type { Deck } from '../../src/core/deck.js';
import type { DeckSnapshot, ServerState } from '../../src/core/servers/state.js';
import { createStore } from '../../src/core/store.js';
import { deckWith, state } from './helpers/deck.js';

const MODULE = fileURLToPath(new URL('../fixtures/servers/inprocess-module.mjs', import.meta.url));
const HEALTHY = fileURLToPath(new URL('../fixtures/servers/healthy.mjs', import.meta.url));

describe('waiting for in-process servers before the first full frame', () => {
  let deck: Deck | undefined;
  afterEach(async () => {
    await deck?.close();
    deck = undefined;
  });

  it('resolves when the in-process server has connected and listed', async () => {
    deck = await deckWith({ paged: { type: 'inprocess', module: MODULE } });
    void deck.connectAll();
    expect(state(deck, 'paged').status).not.toBe('connected');
    await inProcessSettled(deck, 60_000);
    expect(state(deck, 'paged')).toMatchObject({ status: 'connected', tools: [{ name: 'one' }, { name: 'two' }, { name: 'three' }, { name: 'four' }, { name: 'five' }] });
  });

  it('does not wait for a server that connects over stdio', async () => {
    deck = await deckWith({ healthy: { command: process.execPath, args: [HEALTHY] } });
    void deck.connectAll();
    await inProcessSettled(deck, 60_000);
    expect(state(deck, 'healthy').status).toMatch(/^(pending|connecting)$/);
  });

  it('gives up after its time, and stops listening', async () => {
    const stuck = { name: 'slow', transport: 'inprocess', status: 'connecting' } as ServerState;
    const store = createStore<DeckSnapshot>({ servers: [stuck] });
    let listening = 0;
    const subscribe = (listener: () => void) => {
      const off = store.subscribe(listener);
      listening++;
      return () => (listening--, off());
    };
    const started = Date.now();
    const settled = inProcessSettled({ getSnapshot: store.getSnapshot, subscribe }, 50);
    expect(listening).toBe(1);
    await settled;
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(listening).toBe(0);
  });
});
