import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeck, type Deck } from '../../src/core/deck.js';
import { normalizeEntry } from '../../src/core/config/normalize.js';
import { openUserCatalog } from '../../src/core/config/user-catalog.js';
import { deckWith, state, waitForStatus } from './helpers/deck.js';
import { alive } from './helpers/process.js';
import { everythingStdio } from '../helpers/servers.js';

const MODULE = fileURLToPath(new URL('../fixtures/servers/inprocess-module.mjs', import.meta.url));

describe('deck actions', () => {
  let deck: Deck | undefined;
  afterEach(async () => {
    await deck?.close();
    deck = undefined;
  });

  it('reports an output-schema mismatch next to the result, never instead of it', async () => {
    deck = await deckWith({ m: { type: 'inprocess', module: MODULE, export: 'mismatch', tools: { block: ['secret_*'] } } });
    await deck.connectAll();
    const outcome = await deck.callTool('m', 'count', {});
    expect(outcome.result.content).toEqual([{ type: 'text', text: 'n is x' }]);
    expect(outcome.output).toEqual({ valid: false, errors: ['"n" must be number'] });
  });

  it('hides and refuses tools the block globs match', async () => {
    deck = await deckWith({ m: { type: 'inprocess', module: MODULE, export: 'mismatch', tools: { block: ['secret_*'] } } });
    await deck.connectAll();
    expect(state(deck, 'm')).toMatchObject({ hiddenTools: 1, tools: [expect.objectContaining({ name: 'count' })] });
    await expect(deck.callTool('m', 'secret_admin', {})).rejects.toMatchObject({ kind: 'unknown-tool', message: 'm has no tool "secret_admin" (1 hidden by the tools filter)' });
  });

  it('closes stdio children: none is left running after close or reconnect', async () => {
    deck = await deckWith({ e: everythingStdio() });
    await deck.connectAll();
    const first = state(deck, 'e').pid!;
    expect(alive(first)).toBe(true);
    await deck.reconnect('e');
    const second = state(deck, 'e').pid!;
    expect(second).not.toBe(first);
    expect(alive(first)).toBe(false);
    await deck.close();
    expect(alive(second)).toBe(false);
  });

  it('disables and enables a user-catalog server and remembers it there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-actions-'));
    const env = { ...process.env, MCPDECK_CONFIG_DIR: dir };
    const catalog = openUserCatalog(env);
    catalog.write({ e: everythingStdio() });
    deck = await createDeck({ cwd: dir, env, userCatalog: catalog });
    await deck.connectAll();
    expect(state(deck, 'e').status).toBe('connected');
    await deck.setEnabled('e', false);
    expect(state(deck, 'e').status).toBe('disabled');
    expect(JSON.parse(readFileSync(catalog.path, 'utf8')).mcpServers.e.disabled).toBe(true);
    await deck.setEnabled('e', true);
    expect(state(deck, 'e').status).toBe('connected');
    expect(JSON.parse(readFileSync(catalog.path, 'utf8')).mcpServers.e).not.toHaveProperty('disabled');
  });

  it('setServers adds, removes and reconnects changed servers, reporting each', async () => {
    deck = await deckWith({ a: { type: 'inprocess', module: MODULE, export: 'instance' }, b: { type: 'inprocess', module: MODULE } });
    await deck.connectAll();
    const def = (name: string, raw: Record<string, unknown>) => normalizeEntry(name, raw, { kind: 'adhoc', label: 'test' }, {});
    const result = await deck.setServers([
      def('b', { type: 'inprocess', module: MODULE, export: 'mismatch' }),
      def('c', { type: 'inprocess', module: MODULE }),
      def('d', { type: 'ftp' }),
    ]);
    expect(result.added).toEqual(['c', 'd']);
    expect(result.removed).toEqual(['a']);
    expect(result.changed).toEqual(['b']);
    expect(result.errors.map((e) => e.message)).toEqual(['server "d": unknown type "ftp"; use stdio, sse, http or inprocess']);
    expect(deck.getSnapshot().servers.map((s) => [s.name, s.status])).toEqual([['b', 'pending'], ['c', 'pending'], ['d', 'failed']]);
    await deck.connectAll();
    expect((await waitForStatus(deck, 'b', ['connected'])).serverInfo?.name).toBe('mismatch');
  });
});
