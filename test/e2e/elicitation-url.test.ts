import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from './helpers/fake-browser.js';
import { openTerminal, type Terminal } from './helpers/tmux.js';
import { openTool } from './helpers/tools.js';
import { everythingStdio } from '../helpers/servers.js';

const everything = everythingStdio();
const TOOL = 'trigger-url-elicitation';
const TITLE = 'Trigger URL Elicitation Tool';
const PAGE = 'https://example.com/e2e/sign?step=1';
const ASKS = 'everything asks you to open a page';
// What server-everything's -32042 error asks to be visited first.
const PREREQUISITE = 'https://modelcontextprotocol.io';

describe('pages to visit (URL elicitation) in a real terminal', () => {
  let term: Terminal | undefined;
  afterEach(() => term?.stop());

  it('shows the domain and the full URL, opens nothing until o, then opens it and accepts; a second time, declines', async () => {
    const browser = fakeBrowser();
    term = openTerminal({ everything }, { env: browser.env });
    await openTool(term, TOOL, TITLE);
    await term.type(PAGE);
    await term.keys('C-s');
    // The whole overlay, not a frame caught while it is being drawn.
    const prompt = await term.waitFor((s) => s.includes(ASKS) && s.includes('[ Open in browser ] o'));
    expect(prompt).toContain('Please open the link to complete this action.');
    expect(prompt).toMatch(/domain\s+example\.com\s/);
    expect(prompt).toMatch(/url\s+https:\/\/example\.com\/e2e\/sign\?step=1\s/);
    expect(prompt).toContain('[ Open in browser ] o');
    expect(prompt).toContain('waiting for your answer');
    // Copying goes through the terminal, not the browser.
    await term.keys('c');
    await term.waitFor('sent to the clipboard');
    expect(browser.opened()).toEqual([]);
    await term.keys('o');
    await browser.waitForOpen(PAGE);
    const accepted = await term.waitFor('User completed the URL elicitation flow.');
    expect(accepted).not.toContain(ASKS);
    expect(accepted).toContain(`URL: ${PAGE}`);
    // server-everything never says the page is done: the breadcrumb keeps counting it.
    expect(accepted.split('\n')[0]).toContain('↗ 1 page open');

    await term.keys('a');
    await term.waitFor('[ call ]');
    await term.keys('C-s');
    await term.waitFor(ASKS);
    await term.keys('C-x');
    const declined = await term.waitFor('User declined to open the URL');
    expect(declined).toContain('"action": "decline"');
    expect(browser.opened()).toEqual([PAGE]);
  });

  it('a call refused with -32042 shows the page it needs, opens it only on o, and r calls again', async () => {
    const browser = fakeBrowser();
    term = openTerminal({ everything }, { env: browser.env });
    await openTool(term, TOOL, TITLE);
    await term.type(PAGE);
    // Down to errorPath (url, message, elicitationId, errorPath) and tick it.
    await term.keys('Tab', 'Tab', 'Tab', 'Space');
    await term.waitFor('[x] yes');
    await term.keys('C-s');
    const needed = await term.waitFor('everything needs a page visited before trigger-url-elicitation can run');
    expect(needed.replace(/\s+/g, ' ')).toContain('This request requires browser-based authorization.');
    expect(needed).toContain('Open this link to satisfy the prerequisite, then retry the request.');
    expect(needed).toMatch(/domain\s+modelcontextprotocol\.io\s/);
    expect(needed).toContain('nothing opens until you press o');
    expect(needed).toMatch(/r retry the call · o open in browser · c copy/);
    expect(browser.opened()).toEqual([]);
    // A page named and never opened is no open page (it used to stay counted all session).
    expect(needed.split('\n')[0]).not.toContain('page open');
    await term.keys('o');
    await browser.waitForOpen(PREREQUISITE);
    const opened = await term.waitFor('opened modelcontextprotocol.io in your browser');
    expect(opened.split('\n')[0]).toContain('↗ 1 page open');
    // The retry with the same arguments passes the error and asks by request instead.
    await term.keys('r');
    const retried = await term.waitFor((s) => s.includes(ASKS) && s.includes(PAGE));
    expect(retried).toContain(PAGE);
    // Enter accepts for a person who opens the page another way: nothing opens.
    await term.keys('Enter');
    const result = await term.waitFor('User completed the URL elicitation flow.');
    expect(result).toContain(`URL: ${PAGE}`);
    expect(browser.opened()).toEqual([PREREQUISITE]);
  });

  it("the demo's visit_page: opened on o, and the server's completion shows as a notice", async () => {
    const browser = fakeBrowser();
    term = openTerminal({}, { env: browser.env, args: ['--demo'] });
    await openTool(term, 'visit_page', 'Visit a page');
    await term.keys('C-s');
    const prompt = await term.waitFor('demo asks you to open a page');
    const url = /https:\/\/example\.com\/mcpdeck-demo\?session=[\w-]+/.exec(prompt)?.[0];
    expect(url).toBeDefined();
    expect(prompt).toMatch(/domain\s+example\.com\s/);
    expect(browser.opened()).toEqual([]);
    await term.keys('o');
    await browser.waitForOpen(url!);
    const done = await term.waitFor('the page is done.');
    expect(done).toContain('✓ the page at example.com is done (demo says the interaction completed)');
    expect(done.split('\n')[0]).not.toContain('page open');
  });
});
