// The deck over enormous lists and schemas (test/fixtures/servers/enormous-lists.mjs): the
// Tools tab with 100,000 tools scrolls and filters with its counts right; a tool whose
// schema is 5,000 levels deep opens a form that stops at the form's depth, with a raw JSON
// field for the rest and a note that the arguments go unchecked; its raw schema shows in
// part, saying what was left out.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith } from '../integration/helpers/deck.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/servers/enormous-lists.mjs', import.meta.url));
const server = (...args: string[]) => ({ command: process.execPath, args: [FIXTURE, ...args], timeout: 30_000 });

/** The footer's last line offers `hint`: the layer that takes its key is live. */
const offers = (hint: string) => (frame: string) => (frame.trimEnd().split('\n').at(-1) ?? '').includes(hint);

describe('enormous lists and schemas in the deck', () => {
  let deck: Deck;
  let app: Rendered;
  beforeAll(async () => {
    deck = await deckWith({ many: server('--tools', '100000'), deep: server('--deep', '5000'), endless: server('--endless-pages') });
    await deck.connectAll();
    app = renderApp(deck, { columns: 80, rows: 24 });
    await app.waitFor(/many\s+✓ connected/);
  }, 60_000);
  afterAll(async () => {
    app.unmount();
    await deck.close();
  });

  it('opens the Tools tab of 100,000 tools in its rows, scrolls to the end, and filters with the counts', async () => {
    await app.press(KEY.enter);
    const first = await app.waitFor('1 Tools (100000)');
    expect(first).toMatch(/1\/100000 · \d+ more below/);
    expect(first.split('\n').length).toBeLessThanOrEqual(24);
    await app.press('G');
    await app.waitFor((f) => f.includes('› tool-100000') && f.includes('100000/100000'));
    await app.press('g');
    await app.waitFor('› tool-000001');
    await app.press('/');
    await app.waitFor('type to filter');
    // A paste arrives as one chunk; then one key more.
    await app.press('tool-0999');
    await app.waitFor('/ tool-0999  ');
    expect(app.frame()).toMatch(/\/ tool-0999 +100 of 100000/);
    await app.press('9');
    const narrowed = await app.waitFor(/\/ tool-09999 +10 of 100000/);
    expect(narrowed).toContain('› tool-099990');
    expect(narrowed).toContain('1/10 · 1 more below');
    await app.press(KEY.enter);
    await app.waitFor(offers('enter call'));
    // Esc clears the kept filter first, then leaves.
    await app.press(KEY.esc);
    await app.waitFor((f) => offers('enter call')(f) && !f.includes('of 100000'));
    await app.press(KEY.esc);
    await app.waitFor(offers('enter open'));
  });

  it('says over the list what the server\'s list left out', async () => {
    await app.press(KEY.down);
    await app.waitFor(/^› deep\s/m);
    await app.press(KEY.down);
    await app.waitFor(/^› endless\s/m);
    await app.press(KEY.enter);
    const tab = await app.waitFor('1 Tools (1000)');
    expect(tab).toContain('⚠ stopped after 1,000 pages: the server kept sending a next cursor');
    expect(tab.split('\n').length).toBeLessThanOrEqual(24);
    await app.press(KEY.esc);
    await app.waitFor(/^› endless\s/m);
    await app.press(KEY.up);
    await app.waitFor(/^› deep\s/m);
    await app.press(KEY.up);
    await app.waitFor(/^› many\s/m);
  });

  it('opens the deep tool as a form cut at its depth, with a raw JSON field and the unchecked note', async () => {
    await app.press(KEY.down);
    await app.waitFor(/^› deep\s/m);
    await app.press(KEY.enter);
    await app.waitFor(/1 Tools \(2\)[\s\S]*› deep-input/);
    await app.press('s');
    const schema = await app.waitFor('(nested 10,002 levels deep: shown to 64; ⟨…⟩ says what is left out)');
    expect(schema).toContain('"inputSchema": {');
    await app.press('s');
    await app.waitFor(offers('enter call'));
    await app.press(KEY.enter);
    const form = await app.waitFor('JSON · nested too deep for the form');
    expect(form).toContain('⚠ sent unchecked: the schema is too deep to check (10,001 levels, limit 128)');
    // The headings of the objects the form does show, then the JSON field where it stops.
    const levels = form.split('\n').filter((line) => /^\s+level\s*$/.test(line));
    expect(levels.length).toBeGreaterThan(2);
    await app.press(...'{"level": "x"}');
    await app.waitFor('{"level": "x"}');
    await app.press(KEY.ctrl('s'));
    // Not declared read-only: asked first, with the arguments as they go.
    await app.waitFor('arguments: {"level":{"level":');
    await app.press('y');
    await app.waitFor('called deep-input');
  });
});
