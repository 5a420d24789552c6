import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith } from '../integration/helpers/deck.js';
import { startEverything, type RunningServer } from '../integration/helpers/everything.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';
import { fits } from './helpers/elicitation.js';

const tabBar = (frame: string) => frame.split('\n').find((l) => /^ 1 /.test(l)) ?? '';
/** The bar's cells: ` 1 Tools ` and the next are three or four spaces apart. */
const cells = (bar: string) => bar.trim().split(/ {3,}/);
/** A cell without its count: `2 Resources (9)` is `2 Resources`. */
const uncounted = (cell: string) => cell.replace(/ \(\d+\)$/, '');

/** A remote server that offers tasks has all seven tabs: each stays in view, the open one whole. */
describe('the tab bar on a narrow terminal', () => {
  let server: RunningServer;
  let deck: Deck;
  let app: Rendered;
  beforeAll(async () => {
    server = await startEverything('streamableHttp');
    deck = await deckWith({ everything: { type: 'http', url: server.url } });
    app = renderApp(deck, { columns: 80, rows: 24 });
    await deck.connectAll();
    await app.waitFor('✓ connected');
    await app.press(KEY.enter);
    await app.waitFor((f) => tabBar(f).includes(' 7 '));
  });
  afterAll(async () => {
    app?.unmount();
    await deck?.close();
    await server?.stop();
  });

  it.each([
    ['1', 'Tools'],
    ['2', 'Resources'],
    ['6', 'Tasks'],
    ['7', 'Auth'],
  ])('at 80 columns shows all seven tabs with %s open, its name whole', async (key, name) => {
    await app.press(key);
    const frame = await app.waitFor((f) => tabBar(f).includes(` ${key} ${name}`));
    const bar = tabBar(frame);
    expect(cells(bar).map((c) => c.split(' ')[0])).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(cells(bar).map(uncounted)).toContain(`${key} ${name}`);
    expect(bar).not.toContain('…');
    expect(fits(frame, 80, 24)).toBe(true);
  });

  it.each([
    [72, ['1 Tool', '2 Resources', '3 Prom', '4 Log', '5 Info', '6 Task', '7 Auth']],
    [50, ['1', '2 Resources', '3', '4', '5', '6', '7']],
  ])('at %i columns shortens the other names, the open one whole with its count', async (columns, shown) => {
    app.resize(columns, 24);
    await app.press('2');
    const frame = await app.waitFor((f) => cells(tabBar(f)).map(uncounted).join() === shown.join());
    expect(cells(tabBar(frame))[1]).toMatch(/^2 Resources \(\d+\)$/);
    expect(fits(frame, columns, 24)).toBe(true);
  });

  it('shows the names and counts whole where they fit', async () => {
    app.resize(140, 24);
    const frame = await app.waitFor((f) => tabBar(f).includes('1 Tools ('));
    expect(tabBar(frame)).toMatch(/ 1 Tools \(\d+\) {4}2 Resources \(\d+\) {4}3 Prompts \(\d+\) {4}4 Log {4}5 Info {4}6 Tasks {4}7 Auth\s*$/);
  });
});
