import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith } from '../integration/helpers/deck.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';

const TARGET = fileURLToPath(new URL('../fixtures/servers/fuzz-target.mjs', import.meta.url));

describe('fuzzing a tool from the Tools tab', () => {
  let deck: Deck;
  let app: Rendered;
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  async function openTools(): Promise<void> {
    deck = await deckWith({ target: { command: process.execPath, args: [TARGET] } });
    app = renderApp(deck, { columns: 110, rows: 32 });
    await deck.connectAll();
    await app.waitFor('✓ connected');
    await app.press(KEY.enter);
    await app.waitFor('Tools (7)');
  }

  it('f runs the fuzz on the selected tool and shows the report in the pager; the server is back afterwards', async () => {
    await openTools();
    expect(app.frame()).toMatch(/f fuzz/);
    await app.press('j', 'f');
    // lookup hangs on an empty key: the run shows how far it got while it waits (esc would cancel it).
    await app.waitFor(/fuzzing lookup \(seed \d+, up to 30 calls\) · \d+ so far… \(esc cancels\)/);
    await app.press(KEY.esc);
    await app.waitFor((f) => !f.includes('fuzzing lookup'));
    expect(app.frame()).not.toContain('replay with');
    await app.press('k');
    await app.waitFor('› divide');
    await app.press('f');
    // The replay finds the server again from a shell: its config file goes with it (the demo would get --demo).
    const report = await app.waitFor(/replay with mcpdeck fuzz target divide --seed \d+ -c \S+servers\.json/, 20_000);
    expect(report).toMatch(/fuzz target · seed \d+ · 30 calls to 1 tool/);
    expect(report).toContain('✗ crash · divide');
    expect(report).toContain('the server went away: the server process exited with code 3');
    await app.press(KEY.esc);
    await app.waitFor((f) => f.includes('› divide') && !f.includes('replay with'));
    expect(deck.server('target')?.status).toBe('connected');
  });

  it('asks before fuzzing a tool declared destructive, and calls nothing on n', async () => {
    await openTools();
    await app.press('G');
    await app.waitFor('› wipe');
    await app.press('f');
    await app.waitFor('wipe is declared destructive: fuzzing calls it many times with made-up arguments. Fuzz it? y/n');
    await app.press('n');
    await app.waitFor((f) => !f.includes('Fuzz it?'));
    expect(deck.server('target')?.status).toBe('connected');
    expect(app.frame()).not.toContain('fuzzing wipe');
  });
});
