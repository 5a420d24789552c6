// At 80 columns every dashboard row stays one line: a restart countdown or a drift count
// is cut with `…`, and TOKENS and a readable SOURCE stay.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { memoryDefinitionStore } from '../../src/core/drift/store.js';
import { deckWith } from '../integration/helpers/deck.js';
import { renderApp, type Rendered } from './helpers/render.js';

const CRASHING = fileURLToPath(new URL('../fixtures/servers/crash-then-recover.mjs', import.meta.url));
const DRIFTING = fileURLToPath(new URL('../fixtures/servers/drifting.mjs', import.meta.url));

let deck: Deck;
let app: Rendered;
afterEach(async () => {
  app?.unmount();
  await deck?.close();
});

it('keeps a restarting server and a drifted one on one line each at 80x24', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-rows-'));
  const version = join(dir, 'version');
  deck = await deckWith(
    {
      flappy: { command: process.execPath, args: [CRASHING, join(dir, 'starts'), '50'] },
      notes: { command: process.execPath, args: [DRIFTING], env: { DRIFT_FILE: version } },
    },
    { definitions: memoryDefinitionStore(), restart: { tries: 5, delay: 3000, maxDelay: 3000, stableAfter: 60_000 } },
  );
  app = renderApp(deck, { columns: 80, rows: 24 });
  void deck.connectAll();
  await app.waitFor(/notes\s+✓ connected\s+stdio\s+3\s+\d+ /);
  writeFileSync(version, '2');
  const frame = await app.waitFor((f) => /flappy\s+✗ failed/.test(f) && f.includes('⚠ 4'));
  const lines = frame.split('\n');
  expect(lines.length, frame).toBeLessThanOrEqual(24);
  for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(80);
  expect(frame).toMatch(/NAME\s+STATUS\s+TRANSPORT\s+TOOLS\s+TOKENS\s+SOURCE/);
  const row = (name: string) => lines.find((l) => l.startsWith(`  ${name} `) || l.startsWith(`› ${name} `))!;
  // The countdown cut with an ellipsis, a space before TRANSPORT; the source's end readable.
  expect(row('flappy'), frame).toMatch(/ ✗ failed · \S*… stdio\s+-\s+- …\/servers\.json$/);
  // The drift count keeps its number and gives up words, on the same line as the source.
  expect(row('notes'), frame).toMatch(/ stdio\s+3\s+\d+ ⚠ 4… …\S{7,}$/);
  // Nothing wrapped below it: the next line is not a leftover of the count.
  expect(lines[lines.indexOf(row('notes')) + 1]).not.toMatch(/cha|nged/);
});
