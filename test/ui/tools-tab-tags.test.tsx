// At 80 columns a tool's annotation tags that do not fit are left out whole, with `…`:
// never `[read-only] [ide`.
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith } from '../integration/helpers/deck.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';
import { everythingStdio } from '../helpers/servers.js';

const EVERYTHING = fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url));

let deck: Deck;
let app: Rendered;
afterEach(async () => {
  app?.unmount();
  await deck?.close();
});

it('cuts whole tags and ends with … in the Tools tab at 80x24', async () => {
  deck = await deckWith({ everything: everythingStdio() });
  app = renderApp(deck, { columns: 80, rows: 24 });
  await deck.connectAll();
  await app.waitFor('✓ connected');
  await app.press(KEY.enter);
  // The TOKENS column comes once the tokenizer has loaded: the tags have their least room then.
  const frame = await app.waitFor(/› echo\s+Echo Tool\s+\d+\s+\[/);
  const rows = frame.split('\n').filter((l) => /^[› ] \S/.test(l) && l.includes('['));
  expect(rows.length, frame).toBeGreaterThan(3);
  for (const row of rows) {
    expect([...row].length, row).toBeLessThanOrEqual(80);
    // Each tag whole, and a cut marked: the row ends in `]` or ` …`.
    expect(row.trimEnd(), frame).toMatch(/(\]|\] …)$/);
    expect(row, frame).not.toMatch(/\[[a-z -]+$/);
  }
  // Names and titles take at most half the row: the tags keep room for more than one.
  expect(frame).toMatch(/› echo\s+Echo Tool\s+\d+\s+\[read-only\] \[idempotent\]$/m);
  expect(frame).toMatch(/gzip-file-as-resource\s+GZip File as \S*…\s+\d+\s+\[writes\] \[open-world\] …$/m);
});
