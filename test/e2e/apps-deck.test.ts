import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KEY } from '../ui/helpers/render.js';
import { startSession, type Session } from '../ui/helpers/elicitation.js';
import { appFrame, launchChromium } from './helpers/chromium.js';

// The whole path a person takes: the deck's b opens the app (here in real Chromium), the
// app's buttons ask, the deck answers with y and n, and the call is in the server's log.
const board = { command: process.execPath, args: [fileURLToPath(new URL('../fixtures/servers/app-server.mjs', import.meta.url))] };

describe('an MCP App from the deck, in Chromium', () => {
  let browser: Browser;
  let s: Session | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    await s?.close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('b opens it; the app\'s destructive call waits for y over the deck and lands in the server\'s traffic; n keeps a link shut', async () => {
    s = await startSession({ columns: 140, rows: 32 }, { board });
    await s.openTool('board', 'show_board');
    await s.app.press(KEY.ctrl('s'));
    await s.app.waitFor('✓ ok');
    await s.app.press('b');
    await s.app.waitFor('show_board: app in the browser');
    const page = await browser.newPage();
    await page.goto(s.opened[0]!);
    const frame = await appFrame(page);
    await frame.getByText('connected').waitFor();
    await frame.getByText('board main').waitFor();

    const calls = () => s!.deck.traffic.of('board').getSnapshot().filter((r) => r.direction === 'out' && r.method === 'tools/call').map((r) => JSON.stringify(r.message));
    await frame.getByRole('button', { name: 'Wipe' }).click();
    await s.app.waitFor("board's app asks to call wipe_board {} (declared destructive)");
    await s.app.waitFor('Send this call? y yes · n no');
    expect(calls().some((c) => c.includes('wipe_board'))).toBe(false);
    await s.app.press('y');
    await frame.getByText('wiped').waitFor();
    expect(calls().some((c) => c.includes('wipe_board'))).toBe(true);
    await s.app.waitFor(/done\s+tools\/call wipe_board/);

    await frame.getByRole('button', { name: 'Docs' }).click();
    await s.app.waitFor("board's app asks to open https://example.com/docs in your browser");
    await s.app.press('n');
    await frame.getByText('link declined').waitFor();
    expect(s.opened).toHaveLength(1);
    await s.app.waitFor(/refused\s+ui\/open-link https:\/\/example\.com\/docs: the person declined the link/);
    await page.close();
  }, 90_000);
});
