import { afterEach, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith } from '../integration/helpers/deck.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';
import { everythingStdio, fixtureServer } from '../helpers/servers.js';


describe('the Tools tab for people who build servers', () => {
  let deck: Deck;
  let app: Rendered;
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  it('lists tools by name with the title beside it (title or annotations.title), tags a tool that writes, and gives the detail the free rows', async () => {
    deck = await deckWith({ notes: fixtureServer('annotated-tools.mjs') });
    app = renderApp(deck, { columns: 120, rows: 40 });
    app.resize(120, 40);
    await deck.connectAll();
    await app.waitFor('✓ connected');
    await app.press(KEY.enter);
    // The definition's tokens come in a column of their own once the tokenizer has loaded.
    const tools = await app.waitFor(/Tools \(2\)[\s\S]*read_note\s+◆ Read a note\s+\d+ /);
    const rows = tools.split('\n');
    expect(rows.find((l) => l.includes('read_note') && !l.includes('mcp__'))).toMatch(/^› read_note\s+◆ Read a note\s+\d+\s+\[read-only\]/);
    // Its only icons are file: and javascript: URLs: no mark.
    expect(rows.find((l) => l.includes('write_note') && !l.includes('mcp__'))).toMatch(/^ {2}write_note\s+Write a note\s+\d+\s+\[writes\] \[open-world\?\]/);
    expect(rows.find((l) => l.includes('write_note') && !l.includes('mcp__'))).not.toContain('◆');
    expect(tools).toContain('icons: 2 (image/png 48x48 https; image/svg+xml data), 1 ignored: http: URL (only https: and data: URLs are accepted)');
    await app.press('j');
    const detail = await app.waitFor((f) => f.includes('mcp__notes__write_note'));
    expect(detail).toMatch(/write_note {2}Write a note {2}mcp__notes__write_note/);
    expect(detail).toContain('icons: none accepted, 2 ignored: file: URL, javascript: URL (only https: and data: URLs are accepted)');
    // At 120x40 the whole description of 20 lines is in view, and the parameters under it.
    expect(detail).toContain('Line 20 of what write_note does.');
    expect(detail).not.toMatch(/… \d+ more/);
  });

  it('s opens the whole tool in the pager (description, annotations as sent, schemas); esc clears its search, then closes it and keeps the filter', async () => {
    deck = await deckWith({ notes: fixtureServer('annotated-tools.mjs') });
    app = renderApp(deck, { columns: 100, rows: 30 });
    app.resize(100, 30);
    await deck.connectAll();
    await app.waitFor('✓ connected');
    await app.press(KEY.enter);
    await app.waitFor('Tools (2)');
    await app.press('/', ...'write', KEY.enter);
    await app.waitFor((f) => /1 of 2/.test(f) && !f.includes('enter keep'));
    await app.press('s');
    const whole = await app.waitFor('line 1 of');
    expect(whole).toContain('write_note  Write a note  mcp__notes__write_note');
    expect(whole).toContain('annotations: {"title":"Write a note","readOnlyHint":false,"destructiveHint":false}');
    expect(whole).toContain('icons: none accepted, 2 ignored: file: URL, javascript: URL');
    expect(whole).toContain('Line 1 of what write_note does.');
    await app.press('/', ...'inputSchema', KEY.enter);
    await app.waitFor(/match 1\/1 for "inputSchema"/);
    // The first esc clears the kept search, the next closes the pager.
    await app.press(KEY.esc);
    await app.waitFor((f) => /line [\d,]+ of/.test(f) && !f.includes('for "inputSchema"'));
    await app.press(KEY.esc);
    // Back on the list, the filter still kept.
    await app.waitFor((f) => !f.includes('line 1 of') && /1 of 2/.test(f));
  });

  it('keeps one row per tool at 80 columns: tags that do not fit are cut, not wrapped over the next row', async () => {
    deck = await deckWith({ everything: everythingStdio() });
    app = renderApp(deck, { columns: 80, rows: 24 });
    app.resize(80, 24);
    await deck.connectAll();
    await app.waitFor('✓ connected');
    await app.press(KEY.enter);
    const frame = await app.waitFor(/Tools \(\d+\)[\s\S]*more below/);
    const rows = frame.split('\n');
    const list = rows.slice(rows.findIndex((l) => /Tools \(\d+\)/.test(l)) + 1, rows.findIndex((l) => /more below/.test(l)));
    // Every row of the list is a tool (no blank or continuation rows), and the counter stands on a row of its own.
    for (const row of list) expect(row, row).toMatch(/^[ ›] \S/);
    expect(rows.find((l) => /more below/.test(l))).toMatch(/^\s*\d+\/\d+ · \d+ more below\s*$/);
  });
});
