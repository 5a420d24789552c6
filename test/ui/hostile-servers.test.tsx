import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith } from '../integration/helpers/deck.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';

const PATTERNS = { command: process.execPath, args: [fileURLToPath(new URL('../fixtures/servers/backtracking-pattern.mjs', import.meta.url))] };

let deck: Deck | undefined;
let app: Rendered | undefined;
afterEach(async () => {
  app?.unmount();
  await deck?.close();
  app = deck = undefined;
});

/** A loopback port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const offered = (hint: string) => app!.waitFor((f) => (f.trimEnd().split('\n').at(-1) ?? '').includes(hint));

/** Opens the server, filters the tools to `tool` and opens its form. */
async function openForm(tool: string): Promise<string> {
  await app!.waitFor(/patterns\s+✓ connected/);
  await app!.press(KEY.enter);
  await offered('enter call');
  await app!.press('/');
  await app!.waitFor('type to filter');
  await app!.press(...tool);
  await app!.waitFor(`/ ${tool}`);
  await app!.press(KEY.enter);
  await offered('enter call');
  await app!.press(KEY.enter);
  return offered('ctrl+s send');
}

describe('a form whose patterns would freeze a backtracking engine', () => {
  it('checks the default at once on send, and the deck keeps taking keys', async () => {
    deck = await deckWith({ patterns: PATTERNS });
    app = renderApp(deck, { columns: 120, rows: 30 });
    void deck.connectAll();
    await openForm('sentence');
    await app.press(KEY.ctrl('s'));
    const checked = await app.waitFor('must match pattern');
    expect(checked).toContain('^(\\w+\\s?)*$');
    // Still live: Esc goes back to the tool list, and on to the dashboard.
    await app.press(KEY.esc);
    await offered('enter call');
  });

  it('says a pattern the linear-time engine cannot run goes unchecked, instead of ignoring it', async () => {
    deck = await deckWith({ patterns: PATTERNS });
    app = renderApp(deck, { columns: 200, rows: 30 });
    void deck.connectAll();
    const form = await openForm('echo');
    expect(form).toContain('⚠ sent unchecked: the pattern "^(?=x)x+$" cannot be checked: mcpdeck runs patterns on a linear-time engine (RE2)');
  });
});

describe('a server URL with secrets in it', () => {
  it('is masked in the reason line of the dashboard', async () => {
    const port = await closedPort();
    deck = await deckWith({ leaky: { type: 'sse', url: `http://127.0.0.1:${port}/sse?access_token=SECRET-3&page=2`, timeout: 5000 } });
    app = renderApp(deck, { columns: 160, rows: 30 });
    void deck.connectAll();
    const frame = await app.waitFor('connection refused');
    expect(frame).toContain(`nothing is listening at http://127.0.0.1:${port}/sse?access_token=••••••&page=2 (connection refused)`);
    expect(frame).not.toContain('SECRET-3');
  });
});
