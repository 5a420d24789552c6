import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { inProcessSettled } from '../../src/core/servers/in-process-settled.js';
import type { DeckSnapshot, ServerState } from '../../src/core/servers/state.js';
import { createStore } from '../../src/core/store.js';
import { deckWith, state } from './helpers/deck.js';

const MODULE = fileURLToPath(new URL('../fixtures/servers/inprocess-module.mjs', import.meta.url));
const HEALTHY = fileURLToPath(new URL('../fixtures/servers/healthy.mjs', import.meta.url));

describe('in-process modules', () => {
  let deck: Deck | undefined;
  afterEach(async () => {
    await deck?.close();
    deck = undefined;
  });

  it('connects a factory export and follows nextCursor through every page', async () => {
    deck = await deckWith({ paged: { type: 'inprocess', module: MODULE } });
    await deck.connectAll();
    const s = state(deck, 'paged');
    expect(s.status, s.error).toBe('connected');
    expect(s.tools.map((t) => t.name)).toEqual(['one', 'two', 'three', 'four', 'five']);
    const outcome = await deck.callTool('paged', 'five', {});
    expect(outcome.result.content).toEqual([{ type: 'text', text: 'ran five' }]);
  });

  it('connects a named McpServer instance', async () => {
    deck = await deckWith({ inst: { type: 'inprocess', module: MODULE, export: 'instance' } });
    await deck.connectAll();
    expect(state(deck, 'inst').serverInfo?.name).toBe('instance');
    expect((await deck.callTool('inst', 'ping', {})).result.content).toEqual([{ type: 'text', text: 'pong' }]);
  });

  it('says what a module exports when the export is missing, and what it must be', async () => {
    deck = await deckWith({
      missing: { type: 'inprocess', module: MODULE, export: 'nope' },
      wrong: { type: 'inprocess', module: MODULE, export: 'notAServer' },
      gone: { type: 'inprocess', module: '/nonexistent/server.mjs' },
    });
    await deck.connectAll();
    expect(state(deck, 'missing')).toMatchObject({ status: 'failed', error: expect.stringContaining('has no export "nope" (it exports default, instance, notAServer, mismatch)') });
    expect(state(deck, 'wrong').error).toContain('must export an McpServer or Server, or a function returning one');
    expect(state(deck, 'gone').error).toMatch(/^cannot load module \/nonexistent\/server\.mjs: /);
  });

  // The deck's first full frame waits for in-process servers (they connect on the deck's
  // own thread, in milliseconds) and for nothing else: src/cli/commands/ui.ts.
  it('waits until the in-process server has connected and listed has connected and listed', async () => {
    deck = await deckWith({ paged: { type: 'inprocess', module: MODULE } });
    void deck.connectAll();
    expect(state(deck, 'paged').status).not.toBe('connected');
    await inProcessSettled(deck, 60_000);
    expect(state(deck, 'paged')).toMatchObject({ status: 'connected', tools: [{ name: 'one' }, { name: 'two' }, { name: 'three' }, { name: 'four' }, { name: 'five' }] });
  });

  it('waits for no server that connects over stdio', async () => {
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
