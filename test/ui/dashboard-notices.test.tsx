// A dashboard notice and an app notice (a live reload) at 80x24 with a list that scrolls:
// each takes a row of its own, and the frame never gets taller than the screen.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createDeck, type Deck } from '../../src/core/deck.js';
import { openUserCatalog } from '../../src/core/config/user-catalog.js';
import { sandbox } from '../integration/helpers/cli.js';
import { renderApp, type Rendered } from './helpers/render.js';

let deck: Deck;
let app: Rendered;
afterEach(async () => {
  app?.unmount();
  await deck?.close();
});

const servers = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`srv${i + 1}`, { command: 'x', disabled: true }]));

it('counts the notice rows and the scroll line: nothing is drawn over the summary', async () => {
  const box = sandbox();
  mkdirSync(box.env.MCPDECK_CONFIG_DIR!, { recursive: true });
  const catalog = join(box.env.MCPDECK_CONFIG_DIR!, 'servers.json');
  writeFileSync(catalog, JSON.stringify({ mcpServers: servers(14) }));
  deck = await createDeck({ cwd: box.cwd, env: box.env, userCatalog: openUserCatalog(box.env) });
  deck.watchConfig();
  app = renderApp(deck, { columns: 80, rows: 24 });
  await app.waitFor(/srv1\s+⊘ disabled/);
  // a on a stdio server: a notice on the dashboard's own row.
  await app.press('a');
  const said = await app.waitFor('sign-in is for remote');
  const notice = said.split('\n').find((l) => l.includes('sign-in is for remote'))!;
  writeFileSync(catalog, JSON.stringify({ mcpServers: servers(15) }));
  const frame = await app.waitFor('↻ config reloaded: +1 −0 ~0');
  const lines = frame.split('\n');
  expect(lines.length, frame).toBeLessThanOrEqual(24);
  for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(80);
  expect(lines[1], frame).toBe('↻ config reloaded: +1 −0 ~0');
  expect(lines[2], frame).toBe('15 disabled');
  expect(lines[3], frame).toBe(notice);
  expect(lines[4], frame).toMatch(/^ {2}NAME\s+STATUS/);
  // The scroll line alone on its row, then the detail pane's rule.
  const scroll = lines.findIndex((l) => /more below/.test(l));
  expect(lines[scroll], frame).toMatch(/^ {2}1\/15 · \d+ more below$/);
  expect(lines[scroll + 1], frame).toMatch(/^─+$/);
});
