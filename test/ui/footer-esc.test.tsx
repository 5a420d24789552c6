import { afterEach, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith } from '../integration/helpers/deck.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';
import { everythingStdio } from '../helpers/servers.js';

const footer = (frame: string) => frame.trimEnd().split('\n').at(-1) ?? '';

describe('esc and the footer', () => {
  let deck: Deck;
  let app: Rendered;
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  /** server-everything over stdio in a terminal of `columns` x `rows`; resolves with the frame once it is connected. */
  async function openEverything(columns: number, rows: number): Promise<string> {
    deck = await deckWith({ everything: everythingStdio() });
    app = renderApp(deck, { columns, rows });
    app.resize(columns, rows);
    await deck.connectAll();
    return app.waitFor('✓ connected');
  }

  it('esc clears a kept filter first, and leaves the screen on the next esc', async () => {
    deck = await deckWith({ everything: everythingStdio() });
    app = renderApp(deck);
    await deck.connectAll();
    await app.waitFor('✓ connected');
    await app.press(KEY.enter);
    await app.waitFor(/Tools \(\d+\)/);
    await app.press('/', ...'echo', KEY.enter);
    const kept = await app.waitFor((f) => /1 of \d+/.test(f) && !footer(f).includes('enter keep'));
    expect(footer(kept)).toMatch(/esc clear · \? help · q quit$/);
    await app.press(KEY.esc);
    const cleared = await app.waitFor((f) => !/\d+ of \d+/.test(f) && f.includes('Get Annotated Message'));
    expect(cleared).toMatch(/Tools \(\d+\)/);
    expect(footer(cleared)).toMatch(/esc back/);
    await app.press(KEY.esc);
    await app.waitFor((f) => f.split('\n')[0]!.trimEnd() === 'mcpdeck › servers');
  });

  it('does not offer sign-in for an in-process server either', async () => {
    deck = await deckWith({}, { demo: true });
    app = renderApp(deck, { columns: 120, rows: 30 });
    await deck.connectAll();
    const dashboard = await app.waitFor('✓ connected');
    expect(dashboard).toMatch(/› demo +✓ connected +inprocess/);
    expect(footer(dashboard)).not.toContain('sign in');
  });

  it('at 80 columns the footer keeps esc back, ? help and q quit, and offers only keys that apply', async () => {
    const dashboard = await openEverything(80, 24);
    // The SOURCE column keeps the file's name whole, within the 80 columns.
    const row = dashboard.split('\n').find((l) => l.startsWith('› everything'))!;
    expect(row).toMatch(/…\S*\/servers\.json$/);
    expect([...row].length).toBeLessThanOrEqual(80);
    // A stdio server has no sign-in: the footer does not offer it (a still says why).
    expect(footer(dashboard)).not.toContain('sign in');
    expect(footer(dashboard)).toMatch(/\? help · q quit$/);
    await app.press('/');
    const typing = await app.waitFor('type to filter');
    // Letters type while a filter is open: j and k do not move.
    expect(footer(typing)).not.toContain('jk');
    await app.press(KEY.esc);
    await app.press(KEY.enter);
    const server = await app.waitFor(/Tools \(\d+\)/);
    expect(footer(server)).toMatch(/esc back · \? help · q quit$/);
    // A stdio server has no Auth tab; server-everything offers tasks, so it has Tasks: 1-6, not 1-7.
    app.resize(160, 24);
    const wide = await app.waitFor((f) => /1-\d tabs/.test(footer(f)));
    expect(footer(wide)).toContain('1-6 tabs');
  });

  it('at 120 columns the footer shows whole hints only, never one cut mid-word', async () => {
    await openEverything(120, 30);
    await app.press(KEY.enter);
    const server = await app.waitFor(/Tools \(\d+\)/);
    expect(footer(server)).toMatch(/^enter call · /);
    expect(footer(server)).not.toContain('…');
    expect(footer(server)).toMatch(/esc back · \? help · q quit$/);
    expect([...footer(server)].length).toBeLessThanOrEqual(120);
  });

  it('the help at 80 columns wraps each description whole under its keys', async () => {
    await openEverything(80, 40);
    await app.press('?');
    const help = await app.waitFor('Keys on this screen');
    const text = help.split('\n').map((l) => l.replace(/^[│\s›]+|[│\s]+$/g, '')).join(' ');
    expect(help).not.toContain('…');
    expect(text).toMatch(/Sign in to the selected remote server \(browser, or\s+paste the redirected URL\)/);
    expect(text).toMatch(/Where servers come from \(other clients' files too\): hide or show\s+each source/);
  });

  it('at 80x24 the help scrolls by key: the count is of keys, and j moves past a wrapped description at once', async () => {
    await openEverything(80, 24);
    await app.press('?');
    const help = await app.waitFor('Keys on this screen');
    // Rows under the title that start with a key (a description's later lines start with spaces).
    const keyRows = (frame: string) => frame.split('\n').filter((l) => /^│ [› ] \S/.test(l) && !/ · \d+ more below/.test(l));
    const [, shown, below] = /1\/(\d+) · (\d+) more below/.exec(help) ?? [];
    expect(Number(shown)).toBe(keyRows(help).length + Number(below));
    expect(help).toMatch(/│ {3}e {2,}Enable or disable the selected server .*│\n│ {4,}\S/);
    await app.press('j', 'j');
    const moved = await app.waitFor(/3\/\d+ · /);
    expect(keyRows(moved).find((l) => l.includes('›'))).toMatch(/› e {2,}Enable or disable/);
  });

  it('the help on a server names what each digit opens: 1 is the Tools tab', async () => {
    await openEverything(80, 40);
    await app.press(KEY.enter);
    await app.waitFor(/Tools \(\d+\)/);
    await app.press('?');
    const help = await app.waitFor('Keys on this screen');
    expect(help).toMatch(/│\s+1\s+Tools tab\s+│/);
    expect(help).toMatch(/│\s+2\s+Resources tab\s+│/);
    expect(help).not.toContain('Tools, Resources, Prompts');
  });
});
