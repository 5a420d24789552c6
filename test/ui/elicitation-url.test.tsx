import { afterEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { KEY } from './helpers/render.js';
import { startSession, type Session } from './helpers/elicitation.js';

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const TOOL = 'trigger-url-elicitation';
const PROMPT = 'everything asks you to open a page';
const URL_TO_OPEN = 'https://example.com/consent?step=1';

describe('a URL elicitation from server-everything', () => {
  it('shows the domain and the full URL, and opens the browser only on o', async () => {
    s = await startSession();
    await s.openTool('everything', TOOL);
    await s.typeText(URL_TO_OPEN);
    await s.app.press(KEY.ctrl('s'));
    const prompt = await s.app.waitFor(PROMPT);
    await s.offered('o open in browser');
    expect(prompt).toMatch(/domain\s+example\.com/);
    expect(prompt).toContain(`url       ${URL_TO_OPEN}`);
    expect(prompt).toContain('Please open the link to complete this action.');
    for (const button of ['[ Open in browser ] o', '[ Copy ] c', '[ Accept ] enter', '[ Decline ] ctrl+x', '[ Cancel ] esc']) expect(prompt).toContain(button);
    // Copying and typing around open nothing.
    await s.app.press('c', 'x', KEY.down);
    await s.app.waitFor('sent to the clipboard');
    expect(s.opened).toEqual([]);
    await s.app.press('o');
    const result = await s.app.waitFor('✓ ok');
    expect(s.opened).toEqual([URL_TO_OPEN]);
    expect(result).toContain('User completed the URL elicitation flow.');
    // Accepted and not completed yet: the breadcrumb keeps count.
    expect(result.split('\n')[0]).toContain('↗ 1 page open');
  });

  it('a call that fails with -32042 shows the page it needs, opens it on o, and r calls again', async () => {
    s = await startSession();
    await s.openTool('everything', TOOL);
    await s.typeText(URL_TO_OPEN);
    // Down to errorPath: the server then answers with UrlElicitationRequiredError.
    await s.app.press(KEY.tab, KEY.tab, KEY.tab, ' ');
    await s.app.waitFor('[x] yes');
    await s.app.press(KEY.ctrl('s'));
    const needs = await s.app.waitFor('needs a page visited before trigger-url-elicitation can run');
    await s.offered('r retry');
    expect(needs).toMatch(/domain\s+modelcontextprotocol\.io/);
    expect(needs).toContain('Open this link to satisfy the prerequisite, then retry the request.');
    expect(needs).toContain('nothing opens until you press o');
    expect(s.opened).toEqual([]);
    // Named by the error and never opened: not an open page.
    expect(needs.split('\n')[0]).not.toContain('page open');
    await s.app.press('o');
    const opened = await s.app.waitFor('opened modelcontextprotocol.io in your browser');
    expect(opened.split('\n')[0]).toContain('↗ 1 page open');
    expect(s.opened).toEqual(['https://modelcontextprotocol.io']);
    // The retry goes by the request path: the server now asks for its own URL.
    await s.app.press('r');
    await s.app.waitFor(PROMPT);
    await s.offered('enter accept');
    await s.app.press(KEY.enter);
    const result = await s.app.waitFor('✓ ok');
    expect(result).toContain('User completed the URL elicitation flow.');
    expect(s.opened).toEqual(['https://modelcontextprotocol.io']);
  });

  it('declined with ctrl+x, the server hears no; cancelled with esc, it hears cancel', async () => {
    s = await startSession();
    await s.openTool('everything', TOOL);
    await s.typeText(URL_TO_OPEN);
    await s.app.press(KEY.ctrl('s'));
    await s.app.waitFor(PROMPT);
    await s.offered('ctrl+x decline');
    await s.app.press(KEY.ctrl('x'));
    expect(await s.app.waitFor('✓ ok')).toContain('User declined to open the URL');
    await s.offered('a call again');
    await s.app.press('a');
    await s.offered('ctrl+s send');
    await s.app.press(KEY.ctrl('s'));
    await s.app.waitFor(PROMPT);
    await s.offered('esc cancel');
    await s.app.press(KEY.esc);
    expect(await s.app.waitFor('✓ ok')).toContain('User cancelled the URL elicitation');
    expect(s.opened).toEqual([]);
  });
});

describe('a URL elicitation the server completes', () => {
  it('says so once the server sends notifications/elicitation/complete', async () => {
    const asks = { command: process.execPath, args: [fileURLToPath(new URL('../fixtures/servers/asks.mjs', import.meta.url))] };
    s = await startSession({ columns: 100, rows: 30 }, { asks });
    await s.openTool('asks', 'link');
    await s.typeText('sig-1');
    await s.app.press(KEY.ctrl('s'));
    // The fixture declares no annotations: it may be destructive, so the call asks first.
    await s.app.waitFor('Send this call?');
    await s.offered('y yes');
    await s.app.press('y');
    const prompt = await s.app.waitFor('asks asks you to open a page');
    expect(prompt).toMatch(/domain\s+example\.com/);
    await s.offered('enter accept');
    await s.app.press(KEY.enter);
    const done = await s.app.waitFor((f) => /✓ the page at example\.com is done/.test(f) && f.includes('✓ ok'));
    // The pager marks JSON's layout whitespace (inverse): read the text without it.
    expect(done.replace(/\x1b\[\d+m/g, '')).toMatch(/"action":\s+"accept"/);
    expect(done.split('\n')[0]).not.toContain('page open');
  });
});
