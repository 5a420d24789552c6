import { afterEach, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith } from '../integration/helpers/deck.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';
import { everythingStdio } from '../helpers/servers.js';

const MESSAGE = 'with "quotes", commas, colons: {braces}, it\'s here';

/** What a shell reads from rows copied off the screen: ` \` continues a line, a line break inside quotes stays. */
const asTyped = (rows: string[]) => rows.map((r) => r.replace(/^\$ /, '')).reduce((text, row) => (text.endsWith(' \\') ? text.slice(0, -1) + row.trimStart() : `${text}\n${row}`));

describe('the repeat command', () => {
  let deck: Deck;
  let app: Rendered;
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  it('shows the whole command on as many rows as it needs, never broken inside a JSON string, and c copies it', async () => {
    deck = await deckWith({ everything: everythingStdio() });
    app = renderApp(deck, { columns: 80, rows: 30 });
    app.resize(80, 30);
    await deck.connectAll();
    await app.waitFor('✓ connected');
    await app.press(KEY.enter);
    await app.waitFor(/Tools \(\d+\)/);
    await app.press('/', ...'echo', KEY.enter);
    await app.waitFor(/1 of \d+/);
    await app.press(KEY.enter);
    await app.waitFor('message');
    await app.press(MESSAGE, KEY.ctrl('s'));
    const frame = await app.waitFor('$ mcpdeck call');
    const lines = frame.split('\n');
    const start = lines.findIndex((l) => l.startsWith('$ mcpdeck call'));
    const end = lines.findIndex((l, i) => i > start && /-c \S*servers\.json$|servers\.json$/.test(l));
    expect(end, frame).toBeGreaterThan(start);
    const rows = lines.slice(start, end + 1);
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) expect([...row].length).toBeLessThanOrEqual(80);
    // Copied off the screen, the rows are still the call: the arguments parse as JSON.
    const typed = asTyped(rows);
    const quoted = /--args '((?:[^']|'\\'')*)'/.exec(typed)![1]!.replaceAll("'\\''", "'");
    expect(JSON.parse(quoted)).toEqual({ message: MESSAGE });
    expect(app.frame().split('\n').at(-1)).toContain('c copy');
    await app.press('c');
    await app.waitFor('copied the command to the clipboard');
    const osc = /\x1b\]52;c;([A-Za-z0-9+/=]+)\x07/.exec(app.written());
    expect(osc).not.toBeNull();
    const copied = Buffer.from(osc![1]!, 'base64').toString('utf8');
    expect(copied).toMatch(/^mcpdeck call everything echo --args '/);
    expect(copied).not.toContain('\n');
    expect(copied).toContain(JSON.stringify({ message: MESSAGE }).replaceAll("'", "'\\''"));
  });
});
