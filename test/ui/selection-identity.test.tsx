import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeck, type Deck } from '../../src/core/deck.js';
import { deckWith, state, waitForStatus } from '../integration/helpers/deck.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';
import { fixture } from '../helpers/servers.js';

const off = { command: process.execPath, args: [fixture('healthy.mjs')], disabled: true };
const selectedRow = (frame: string) => frame.split('\n').find((l) => l.startsWith('›')) ?? '';

/** The selection is the item the person picked, not a row number: the list may change under it. */
describe('the selection follows its item', () => {
  let deck: Deck;
  let app: Rendered;
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  it('dashboard: a server added or removed before the selected one leaves the selection (and e) on it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-test-'));
    const file = join(dir, 'servers.json');
    const write = (servers: Record<string, unknown>) => writeFileSync(file, JSON.stringify({ mcpServers: servers }));
    write({ beta: off, gamma: off });
    deck = await createDeck({ cwd: dir, env: process.env, configFiles: [file], strict: true });
    app = renderApp(deck);
    await app.waitFor('gamma');
    await app.press(KEY.down);
    await app.waitFor((f) => selectedRow(f).includes('gamma'));
    write({ alpha: off, beta: off, gamma: off });
    await deck.refresh();
    await app.waitFor('alpha');
    expect(selectedRow(app.frame())).toContain('gamma');
    write({ beta: off, gamma: off });
    await deck.refresh();
    await app.waitFor((f) => !f.includes('alpha'));
    expect(selectedRow(app.frame())).toContain('gamma');
    // e acts on the server the person picked.
    write({ alpha: off, beta: off, gamma: off });
    await deck.refresh();
    await app.waitFor('alpha');
    await app.press('e');
    await waitForStatus(deck, 'gamma', ['connected']);
    expect(state(deck, 'beta').status).toBe('disabled');
  });

  it('tools: a tool listed before the selected one leaves Enter opening the picked tool', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-grow-'));
    const grow = join(dir, 'grow');
    const drop = join(dir, 'drop');
    deck = await deckWith({ growing: { command: process.execPath, args: [fixture('growing-tools.mjs')], env: { GROW_WHEN: grow, DROP_WHEN: drop } } });
    app = renderApp(deck);
    await deck.connectAll();
    await app.waitFor('✓ connected');
    await app.press(KEY.enter);
    await app.waitFor('Tools (2)');
    await app.press('j');
    await app.waitFor((f) => selectedRow(f).includes('zzz-second'));
    writeFileSync(grow, '');
    await app.waitFor('Tools (3)');
    expect(selectedRow(app.frame())).toContain('zzz-second');
    writeFileSync(drop, '');
    await app.waitFor('Tools (2)');
    expect(selectedRow(app.frame())).toContain('zzz-second');
    await app.press(KEY.enter);
    const form = await app.waitFor('ctrl+s send');
    expect(form.split('\n')[0]).toMatch(/› zzz-second$/);
  });
});
