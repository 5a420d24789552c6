import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import type { AppQuestion } from '../../src/core/apps/questions.js';
import type { Store } from '../../src/core/store.js';
import { deckWith, state } from '../integration/helpers/deck.js';
import { appFrame, launchChromium } from './helpers/chromium.js';
import { fakeBrowser } from './helpers/fake-browser.js';

// MCP Apps (SEP-1865) in real Chromium through mcpdeck's host page: the fixture built with
// ext-apps, and the official example server-basic-vanillajs.
const BOARD = fileURLToPath(new URL('../fixtures/servers/app-server.mjs', import.meta.url));
const VANILLA = fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js', import.meta.url));

/** Resolves when `predicate` holds for a core store; rejects after `ms`. */
function until<T>(store: Store<T>, predicate: (value: T) => boolean, what: string, ms = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => predicate(store.getSnapshot()) && (off(), clearTimeout(timer), resolve());
    const off = store.subscribe(check);
    const timer = setTimeout(() => (off(), reject(new Error(`timed out waiting for ${what}`))), ms);
    check();
  });
}

async function question(deck: Deck, kind: AppQuestion['kind']): Promise<AppQuestion> {
  await until(deck.apps.questions, (asked) => asked.some((q) => q.kind === kind), `an app question (${kind})`);
  return deck.apps.questions.getSnapshot().find((q) => q.kind === kind)!;
}

describe('MCP Apps in Chromium', () => {
  let deck: Deck;
  let browser: Browser;
  // The person's browser for links: written down, never started.
  const links = fakeBrowser();

  beforeAll(async () => {
    deck = await deckWith({ board: { command: process.execPath, args: [BOARD] }, vanilla: { command: process.execPath, args: [VANILLA, '--stdio'] } }, { env: { ...process.env, ...links.env } });
    await deck.connectAll();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await deck?.close();
  });

  it('declares the extension, and the page refuses every request without the one-time token', async () => {
    // The server sees the extension declared (ext-apps' getUiCapability)
    expect((await deck.callTool('board', 'client_ui', {})).result.content).toEqual([{ type: 'text', text: '{"mimeTypes":["text/html;profile=mcp-app"]}' }]);
    const tool = state(deck, 'board').tools.find((t) => t.name === 'show_board')!;
    const { url, session } = await deck.apps.open('board', tool, { label: 'one' });
    const origin = new URL(url).origin;
    expect(new URL(url).hostname).toBe('127.0.0.1');
    for (const path of ['/', '/view', '/app-host.js', '/?token=wrong']) expect((await fetch(origin + path)).status, path).toBe(403);
    const page = await browser.newPage();
    await page.goto(url);
    // Used once: the same link again (another browser, no cookie) is refused.
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(403);
    expect((await fetch(`${origin}/rpc`, { method: 'POST', body: '{"method":"tools/call","params":{"name":"get_count"}}' })).status).toBe(403);
    const frame = await appFrame(page);
    await frame.getByText('connected').waitFor();
    // The sandbox proxy is another origin (localhost), as SEP-1865 asks of web hosts.
    const proxy = page.frames().find((f) => f.url().startsWith('http://localhost:'));
    expect(proxy, 'the sandbox proxy frame').toBeDefined();
    await frame.getByText('board one').waitFor();
    await page.close();
    await deck.apps.close(session.id);
  });

  it('an app\'s tool call goes through the deck, a destructive one waits for the person, a link opens only when allowed, a resize is logged', async () => {
    const tool = state(deck, 'board').tools.find((t) => t.name === 'show_board')!;
    const { url, session } = await deck.apps.open('board', tool, {});
    const page = await browser.newPage();
    await page.goto(url);
    const frame = await appFrame(page);
    await frame.getByText('connected').waitFor();
    const traffic: string[] = [];
    const off = deck.events.on('traffic', ({ name, entry }) => {
      if (name === 'board') traffic.push(JSON.stringify(entry));
    });

    await frame.getByRole('button', { name: 'Count' }).click();
    await frame.getByText('count 2').waitFor();
    expect(traffic.some((t) => t.includes('get_count'))).toBe(true);

    await frame.getByRole('button', { name: 'Wipe' }).click();
    const wipe = await question(deck, 'call');
    expect(wipe).toMatchObject({ kind: 'call', server: 'board', tool: 'wipe_board', destructive: true });
    expect(traffic.some((t) => t.includes('wipe_board'))).toBe(false);
    deck.apps.questions.respond(wipe.id, false);
    await frame.getByText(/refused: .*declined/).waitFor();
    expect(traffic.some((t) => t.includes('wipe_board'))).toBe(false);
    await frame.getByRole('button', { name: 'Wipe' }).click();
    deck.apps.questions.respond((await question(deck, 'call')).id, true);
    await frame.getByText('wiped').waitFor();

    await frame.getByRole('button', { name: 'Docs' }).click();
    const link = await question(deck, 'link');
    expect(link).toMatchObject({ url: 'https://example.com/docs' });
    expect(links.opened()).toEqual([]);
    deck.apps.questions.respond(link.id, true);
    await frame.getByText('link opened').waitFor();
    // Handed to the browser as it starts: the recorder writes the URL down a moment later.
    await links.waitForOpen('https://example.com/docs');
    expect(links.opened()).toEqual(['https://example.com/docs']);

    await frame.getByRole('button', { name: 'Grow' }).click();
    await frame.getByText('grown').waitFor();
    await page.waitForFunction(() => document.querySelector('iframe')?.style.height === '420px');

    // The app declares no connectDomains: its CSP lets nothing out.
    await frame.getByRole('button', { name: 'Fetch' }).click();
    await frame.getByText('fetch blocked').waitFor();

    const log = session.log.getSnapshot();
    expect(log.map((e) => [e.method, e.status])).toEqual(expect.arrayContaining([
      ['tools/call', 'done'], ['tools/call', 'refused'], ['ui/open-link', 'done'], ['ui/notifications/size-changed', 'notice'],
    ]));
    off();
    await page.close();
    await deck.apps.close(session.id);
  });

  it('renders the official example server-basic-vanillajs: its button calls its tool through the deck (asked first: not declared read-only), its link waits and stays shut on no', async () => {
    const tools = state(deck, 'vanilla').tools;
    const tool = tools.find((t) => t._meta && JSON.stringify(t._meta).includes('ui://'))!;
    expect(tool, JSON.stringify(tools.map((t) => t.name))).toBeDefined();
    const { url, session } = await deck.apps.open('vanilla', tool, {});
    const page = await browser.newPage();
    await page.goto(url);
    const frame = await appFrame(page);
    const button = frame.getByRole('button').first();
    await button.waitFor();
    const before = session.log.getSnapshot().filter((e) => e.method === 'tools/call').length;
    await frame.getByRole('button', { name: /time/i }).first().click();
    // get-time declares no annotations: by the spec's defaults it may destroy, so the person is asked, as for their own call.
    const ask = await question(deck, 'call');
    expect(ask).toMatchObject({ server: 'vanilla', tool: 'get-time', destructive: false });
    deck.apps.questions.respond(ask.id, true);
    await until(session.log, (log) => log.filter((e) => e.method === 'tools/call' && e.status === 'done').length > before, 'the example\'s tool call');
    // Its Open Link button: asked, and refused, so nothing opens.
    const linksBefore = links.opened().length;
    await frame.getByRole('button', { name: 'Open Link' }).click();
    const link = await question(deck, 'link');
    expect(link).toMatchObject({ server: 'vanilla', url: 'https://modelcontextprotocol.io/' });
    deck.apps.questions.respond(link.id, false);
    await until(session.log, (log) => log.some((e) => e.method === 'ui/open-link' && e.status === 'refused'), 'the declined link');
    expect(links.opened()).toHaveLength(linksBefore);
    // A message and a log line from the app: mcpdeck has no conversation, so they are logged for the person.
    await frame.getByRole('button', { name: 'Send Message' }).click();
    await frame.getByRole('button', { name: 'Send Log' }).click();
    await until(session.log, (log) => log.some((e) => e.method === 'ui/message' && e.status === 'done') && log.some((e) => e.method === 'notifications/message'), 'the message and the log line');
    await page.close();
    await deck.apps.close(session.id);
  });
});
