import { afterEach, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith } from '../integration/helpers/deck.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';
import { fixture, fixtureServer } from '../helpers/servers.js';


describe('dashboard', () => {
  let deck: Deck;
  let app: Rendered;
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  it('shows every server with its badge, live, and the selected one\'s reason and stderr', async () => {
    deck = await deckWith({
      healthy: fixtureServer('healthy.mjs'),
      broken: fixtureServer('exit-at-once.mjs'),
      off: { command: process.execPath, args: [fixture('healthy.mjs')], disabled: true },
    });
    app = renderApp(deck);
    expect(app.frame()).toContain('… pending');
    void deck.connectAll();
    const frame = await app.waitFor((f) => f.includes('✓ connected') && f.includes('✗ failed'));
    expect(frame).toMatch(/healthy\s+✓ connected\s+stdio\s+\d+/);
    expect(frame).toContain('⊘ disabled');
    expect(frame).toContain('1 connected · 1 failed · 1 disabled');
    await app.press(KEY.down);
    const failed = await app.waitFor(/broken\s+✗ failed\s*$/m);
    expect(failed).toMatch(/exited|exit/i);
  });

  it('filters in place with / and clears with esc', async () => {
    deck = await deckWith({
      alpha: { command: process.execPath, args: [fixture('healthy.mjs')], disabled: true },
      beta: { command: process.execPath, args: [fixture('healthy.mjs')], disabled: true },
    });
    app = renderApp(deck);
    await app.waitFor('alpha');
    await app.press('/', 'b', 'e');
    const filtered = await app.waitFor('1 of 2');
    expect(filtered).not.toMatch(/^› alpha/m);
    expect(filtered).toContain('beta');
    await app.press(KEY.esc);
    await app.waitFor((f) => f.includes('alpha') && !f.includes('of 2'));
  });

  it('e disables and enables the selected server; r reconnects it', async () => {
    deck = await deckWith({ healthy: fixtureServer('healthy.mjs') });
    app = renderApp(deck);
    void deck.connectAll();
    await app.waitFor('✓ connected');
    await app.press('e');
    await app.waitFor('⊘ disabled');
    await app.press('e');
    await app.waitFor('✓ connected');
    await app.press('?');
    const help = await app.waitFor('Keys on this screen');
    expect(help).toContain('Reconnect the selected server');
    await app.press(KEY.esc);
    await app.waitFor((f) => !f.includes('Keys on this screen'));
  });
});

describe('the terminal size', () => {
  it('fits 80x24 and follows a resize', async () => {
    const deck = await deckWith({ [`a-server-with-a-rather-long-name`]: { command: process.execPath, args: [fixture('healthy.mjs')], disabled: true } });
    const app = renderApp(deck, { columns: 120, rows: 40 });
    try {
      await app.waitFor('⊘ disabled');
      const fits = (columns: number, rows: number) => (f: string) => {
        const lines = f.split('\n');
        return lines.length <= rows && lines.every((l) => [...l].length <= columns) && f.includes('⊘ disabled');
      };
      await app.waitFor(fits(120, 40));
      app.resize(80, 24);
      await app.waitFor(fits(80, 24));
      app.resize(60, 15);
      await app.waitFor(fits(60, 15));
    } finally {
      app.unmount();
      await deck.close();
    }
  });
});

describe('a narrow terminal', () => {
  it('keeps the tab bar on one line, every tab in it (the others shortened), and scrolls the help', async () => {
    const deck = await deckWith({ healthy: fixtureServer('healthy.mjs') });
    const app = renderApp(deck, { columns: 50, rows: 18 });
    try {
      void deck.connectAll();
      await app.waitFor('✓ connected');
      await app.press(KEY.enter);
      const frame = await app.waitFor(/1 Tools \(\d+\)/);
      const tabs = frame.split('\n').find((l) => l.includes('1 Tools'))!;
      expect(tabs).toMatch(/^ 1 Tools \(\d+\) +2 Reso +3 Prom +4 Log +5 Info\s*$/);
      expect(frame.split('\n').every((l) => [...l].length <= 50)).toBe(true);
      expect(frame).not.toMatch(/^\(\d+\)/m);
      // The help scrolls on a short terminal instead of losing rows.
      await app.press('?');
      const help = await app.waitFor('closes this help');
      expect(help).toMatch(/1\/\d+ · \d+ more below/);
      await app.press('G');
      await app.waitFor((f) => f.includes('Quit from anywhere') && f.includes('closes this help'));
    } finally {
      app.unmount();
      await deck.close();
    }
  });
});
