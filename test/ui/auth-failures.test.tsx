import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { waitForStatus } from '../integration/helpers/deck.js';
import { authDeck, consent, type AuthDeck } from './helpers/auth-deck.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';

/** The overlay's text with its border and row breaks taken out, for text that wraps. */
const flat = (frame: string) => frame.split('\n').map((l) => l.replace(/^│/, '').replace(/│$/, '').trim()).join(' ');

/** A port some other program holds. */
function holdPort(): Promise<Server> {
  return new Promise((resolve) => {
    const held = createServer();
    held.listen(0, '127.0.0.1', () => resolve(held));
  });
}

describe('a sign-in that fails, or comes back from the browser, or asks first', () => {
  let stack: AuthDeck;
  let app: Rendered;
  let held: Server | undefined;
  afterEach(async () => {
    app?.unmount();
    await stack?.stop();
    held?.close();
    held = undefined;
  });

  async function open(options: Parameters<typeof authDeck>[0] = {}, size?: { columns: number; rows: number }): Promise<void> {
    stack = await authDeck(options);
    app = renderApp(stack.deck, size);
    void stack.deck.connectAll();
    await app.waitFor(/remote\s+! needs sign-in/);
  }

  it('an authorization server that is down: the failed steps; a tries again; esc closes it', async () => {
    await open();
    await stack.as.stop();
    await app.press('a');
    const failed = await app.waitFor('✗ Sign-in: could not reach the authorization server');
    expect(failed).toMatch(/Sign in to remote\s+failed/);
    expect(flat(failed)).toMatch(/✗ Authorization server metadata: http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-authorization-server → no answer \(fetch failed\)/);
    expect(failed).toContain('[ Try again ] a');
    const first = stack.deck.auth.getSnapshot().attempts[0]!.id;
    await app.press('a');
    await app.waitFor(() => stack.deck.auth.getSnapshot().attempts.some((a) => a.id > first && a.phase === 'failed'));
    await app.press(KEY.esc);
    const closed = await app.waitFor((f) => !f.includes('Sign in to remote'));
    expect(closed).toMatch(/remote\s+! needs sign-in/);
    expect(stack.deck.auth.getSnapshot().attempts).toEqual([]);
  });

  it('a callback port that is taken: the failure says what to do about it, and it fits 80x24', async () => {
    held = await holdPort();
    const port = (held.address() as { port: number }).port;
    await open({ oauth: { callbackPort: port } }, { columns: 80, rows: 24 });
    await app.press('a');
    const failed = await app.waitFor('fix: set oauth.callbackPort for this server');
    expect(flat(failed)).toContain(`✗ Sign-in: cannot listen for the sign-in callback on 127.0.0.1:${port}: port ${port} is already in use`);
    const lines = failed.split('\n');
    expect(lines.length).toBeLessThanOrEqual(24);
    expect(lines.every((l) => [...l].length <= 80)).toBe(true);
    await app.press(KEY.enter);
    await app.waitFor((f) => !f.includes('Sign in to remote'));
  });

  it('the browser coming back to the callback signs in with no key pressed', async () => {
    await open();
    await app.press('a');
    await app.waitFor('waiting for the browser');
    const callback = await consent(stack.opened[0]!, 'bob');
    const page = await fetch(callback);
    expect(await page.text()).toContain('return to the terminal');
    await app.waitFor('✓ signed in to remote');
    await waitForStatus(stack.deck, 'remote', ['connected']);
    await app.press(KEY.enter, '6');
    const tab = await app.waitFor('signed in as bob');
    expect(tab).toMatch(/Scopes\s+mcp:tools/);
    expect(tab).toMatch(/Last sign-in \d+s ago: signed-in/);
    await app.press('G');
    await app.waitFor('✓ Token request');
  });

  async function signedInWithStepUp(): Promise<void> {
    await open({ stepUp: { tool: 'admin_reset', scope: 'mcp:admin' } });
    await app.press('a');
    await app.waitFor('waiting for the browser');
    await fetch(await consent(stack.opened[0]!));
    await waitForStatus(stack.deck, 'remote', ['connected']);
  }

  it('step-up: a call refused for want of a scope asks before any browser opens; not now fails the call', async () => {
    await signedInWithStepUp();
    const refused = stack.deck.callTool('remote', 'admin_reset', {}).then(() => 'sent', (error: Error) => error.message);
    const asked = await app.waitFor('Sign in again to remote');
    expect(asked).toMatch(/remote needs more permission for this request \(scope mcp:tools mcp:admin\)/);
    expect(asked).toContain('[ Sign in again ] enter');
    expect(asked).toMatch(/enter sign in · esc not now/);
    expect(stack.opened).toHaveLength(1);
    await app.press(KEY.esc);
    expect(await refused).toBe('the server needs more permission for this call (scope mcp:tools mcp:admin): sign in again for it');
    await app.waitFor((f) => !f.includes('Sign in again to remote'));
    expect(stack.opened).toHaveLength(1);
  });

  it('step-up: enter signs in again with the wider scope, and the waiting call goes through', async () => {
    await signedInWithStepUp();
    const allowed = stack.deck.callTool('remote', 'admin_reset', {});
    await app.waitFor('Sign in again to remote');
    await app.press(KEY.enter);
    const waiting = await app.waitFor('waiting for the browser');
    expect(waiting).toContain('remote needs more permission');
    // offline_access too: the authorization server lists it and mcpdeck wants a refresh token (SEP-2207).
    expect(new URL(stack.opened[1]!).searchParams.get('scope')).toBe('mcp:tools mcp:admin offline_access');
    await fetch(await consent(stack.opened[1]!));
    const outcome = await allowed;
    expect(outcome.result.content).toEqual([{ type: 'text', text: 'admin_reset done' }]);
    await app.waitFor('✓ signed in to remote');
  });
});
