// The supervisor as a person sees it: the badge counts the tries down, says when it
// gave up, and `r` starts afresh.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith } from '../integration/helpers/deck.js';
import { renderApp, type Rendered } from './helpers/render.js';

const fixture = fileURLToPath(new URL('../fixtures/servers/crash-then-recover.mjs', import.meta.url));

let deck: Deck;
let app: Rendered;
afterEach(async () => {
  app?.unmount();
  await deck?.close();
});

it('shows the restart countdown, the give-up, and reconnects on r at 80 columns', async () => {
  const starts = join(mkdtempSync(join(tmpdir(), 'mcpdeck-badge-')), 'starts');
  // Three crashes, two tries: the loop gives up; the fourth start (by hand) serves.
  deck = await deckWith(
    { flappy: { command: process.execPath, args: [fixture, starts, '3'] } },
    { demo: true, restart: { tries: 2, delay: 1500, maxDelay: 3000, stableAfter: 60_000 } },
  );
  app = renderApp(deck, { columns: 80, rows: 24 });
  void deck.connectAll();
  const first = await app.waitFor(/flappy\s+✗ failed · restarting 1\/2 in [12]s/);
  // The reason, with the exit code and stderr, in the detail pane.
  expect(first).toContain('the server process exited with code 3; stderr: start 1: error: cannot open the');
  // The countdown runs without any change in the core.
  await app.waitFor(/restarting 1\/2 in 1s/);
  await app.waitFor(/flappy\s+✗ failed · restarting 2\/2 in [123]s/, 5000);
  const gaveUp = await app.waitFor(/flappy\s+✗ failed · gave up after 2 tries/, 10_000);
  expect(gaveUp).toMatch(/demo\s+✓ connected/);
  await app.press('r');
  await app.waitFor(/flappy\s+✓ connected/);
  expect(app.frame()).not.toContain('gave up');
}, 30_000);
