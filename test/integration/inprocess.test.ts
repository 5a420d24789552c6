import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith, state } from './helpers/deck.js';

const MODULE = fileURLToPath(new URL('../fixtures/servers/inprocess-module.mjs', import.meta.url));

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
});
