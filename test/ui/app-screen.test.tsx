import { afterEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { KEY } from './helpers/render.js';
import { startSession, type Session } from './helpers/elicitation.js';

// MCP Apps in the deck: b in the result serves the app and opens it; what the app asks
// (here sent as its host page would, over HTTP with the page's cookie) waits for a key.
const board = { command: process.execPath, args: [fileURLToPath(new URL('../fixtures/servers/app-server.mjs', import.meta.url))] };

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

/** The host page's side: the one-time link traded for the cookie, then requests as the page sends them. */
async function pageOf(url: string) {
  const first = await fetch(url, { redirect: 'manual' });
  expect(first.status).toBe(303);
  await first.text();
  const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
  expect(first.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Strict/);
  const origin = new URL(url).origin;
  return (method: string, params: object) =>
    fetch(`${origin}/rpc`, { method: 'POST', headers: { cookie, origin, 'content-type': 'application/json' }, body: JSON.stringify({ method, params }) }).then((r) => r.json() as Promise<{ result?: unknown; error?: string }>);
}

describe('an app in the deck', () => {
  it('b opens the app; a destructive call and a link wait for y or n over any screen; the app\'s screen logs its requests', async () => {
    s = await startSession({ columns: 140, rows: 32 }, { board });
    // The tool's header carries its tags: [app] for a tool with a UI.
    expect(await s.openTool('board', 'show_board')).toMatch(/^show_board  \[read-only\] .*\[app\]$/m);
    await s.app.press(KEY.ctrl('s'));
    await s.app.waitFor('✓ ok');
    await s.offered('b open app');
    expect(s.opened).toEqual([]);
    await s.app.press('b');
    await s.app.waitFor("show_board: app in the browser");
    expect(s.opened).toHaveLength(1);
    expect(s.opened[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
    await s.app.waitFor(/opened in your browser \(the link works once\)/);
    const send = await pageOf(s.opened[0]!);

    expect(await send('tools/call', { name: 'get_count', arguments: {} })).toMatchObject({ result: { content: [{ type: 'text', text: 'count 1' }] } });
    await s.app.waitFor(/done\s+tools\/call get_count/);

    // Away from the app's screen, what the app asks still shows, over the screen that is open.
    await s.app.press(KEY.esc);
    await s.offered('b open app');
    const wipe = send('tools/call', { name: 'wipe_board', arguments: {} });
    await s.app.waitFor("board's app asks to call wipe_board {} (declared destructive)");
    await s.app.waitFor('Send this call? y yes · n no');
    await s.app.press('n');
    expect(await wipe).toEqual({ error: 'the person declined the call' });
    const log = () => s!.deck.apps.getSnapshot()[0]!.session.log.getSnapshot();
    await s.app.waitFor(() => log().some((e) => e.method === 'tools/call' && e.status === 'refused' && e.reason === 'the person declined the call'));
    const again = send('tools/call', { name: 'wipe_board', arguments: {} });
    await s.app.waitFor('Send this call? y yes');
    await s.app.press('y');
    expect(await again).toMatchObject({ result: { content: [{ type: 'text', text: 'wiped' }] } });

    // Another server's tool, or one not listed, is refused without asking.
    expect(await send('tools/call', { name: 'rm_rf' })).toEqual({ error: 'board has no tool named "rm_rf"' });

    const link = send('ui/open-link', { url: 'https://example.com/\u001b[31mred' });
    // The URL as the app sent it, its escape sequence made harmless.
    await s.app.waitFor(/board's app asks to open https:\/\/example\.com\/.*red in your browser/);
    await s.app.waitFor('Open it? y yes · n no');
    await s.app.press('n');
    expect(await link).toEqual({ result: { isError: true } });
    expect(s.opened).toHaveLength(1);
    expect(s.app.frame()).not.toContain('\u001b[31mred');
    expect(log().map((e) => `${e.status} ${e.method}`)).toEqual(['done tools/call', 'refused tools/call', 'done tools/call', 'refused tools/call', 'refused ui/open-link']);
  }, 60_000);
});
