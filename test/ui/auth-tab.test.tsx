import { afterEach, describe, expect, it } from 'vitest';
import { waitForStatus } from '../integration/helpers/deck.js';
import { authDeck, type AuthDeck } from './helpers/auth-deck.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';

const ACCESS = 'eyJhbGciOiJub25lIn0.access-token-that-must-never-show';
const REFRESH = 'refresh-token-that-must-never-show';

describe('the Auth tab', () => {
  let stack: AuthDeck;
  let app: Rendered;
  afterEach(async () => {
    app?.unmount();
    await stack?.stop();
  });

  async function openTab(): Promise<string> {
    stack = await authDeck();
    app = renderApp(stack.deck);
    void stack.deck.connectAll();
    await app.waitFor(/remote\s+! needs sign-in/);
    await app.press(KEY.enter);
    await app.waitFor('6 Auth');
    await app.press('6');
    return app.waitFor('Kept in');
  }

  it('is there for a remote server only', async () => {
    await openTab();
    await app.press(KEY.esc);
    await app.waitFor('servers\n');
    await app.press(KEY.down);
    await app.waitFor(/› local/);
    await app.press(KEY.enter);
    const local = await app.waitFor('1 Tools (1)');
    expect(local).toContain('5 Info');
    expect(local).not.toContain('6 Auth');
  });

  it('shows not signed in, then a stored sign-in: who, scopes, expiry, refreshable, where kept; never a token', async () => {
    const before = await openTab();
    expect(before).toMatch(/Sign-in\s+not signed in/);
    expect(before).toContain(`Server        ${stack.server.url}`);
    expect(before).toMatch(/Kept in\s+\S*secrets\.json \(mode 0600; no OS keychain/);
    expect(before).toContain('Last sign-in: none recorded');
    expect(before).toMatch(/a sign in · x sign out · d doctor/);

    await stack.deck.auth.credentials.update(stack.server.url, (c) => ({
      ...c,
      issuer: stack.as.issuer,
      tokens: { access_token: ACCESS, token_type: 'Bearer', refresh_token: REFRESH },
      subject: 'carol',
      scopes: ['mcp:tools', 'mcp:admin'],
      savedAt: Date.now(),
      expiresAt: Date.now() + 2 * 3_600_000,
    }));
    // The doctor reads the saved sign-in again, and walks the sign-in.
    await app.press('d');
    const after = await app.waitFor('signed in as carol');
    expect(after).toMatch(/Scopes\s+mcp:tools mcp:admin/);
    expect(after).toMatch(/Expires\s+in 2h/);
    expect(after).toMatch(/Refreshable\s+yes: a refresh token is kept/);
    expect(after).toContain(`Issuer        ${stack.as.issuer}`);
    expect(after).toContain('Doctor');
    expect(after).toMatch(/✓ Server challenge: HTTP 401/);
    for (const frame of [after, await pageEnd()]) {
      expect(frame).not.toContain(ACCESS);
      expect(frame).not.toContain(REFRESH);
      expect(frame).not.toContain('access-token');
    }
    const end = app.frame();
    expect(end).toMatch(/✓ Saved sign-in: as carol, scopes mcp:tools mcp:admin, expires in 2h, with refresh token/);
    expect(end).toMatch(/Register\s+http:\/\/127\.0\.0\.1:<any free port>\/callback as the redirect URI/);
  });

  it('sign-out asks first: n keeps the sign-in, y deletes it and the server needs sign-in again', async () => {
    await openTab();
    await stack.deck.auth.credentials.update(stack.server.url, (c) => ({ ...c, tokens: { access_token: ACCESS, token_type: 'Bearer' }, subject: 'carol' }));
    await app.press('x');
    const asked = await app.waitFor('Sign out of remote? This deletes its tokens and registered client (y/n)');
    expect(asked).toMatch(/y yes · n\/esc no/);
    await app.press('n');
    await app.waitFor((f) => !f.includes('Sign out of remote?'));
    expect((await stack.deck.auth.credentials.read(stack.server.url))?.subject).toBe('carol');
    await app.press('x');
    await app.waitFor('Sign out of remote?');
    await app.press('y');
    await app.waitFor('signed out: its tokens and registered client are deleted');
    expect(await stack.deck.auth.credentials.read(stack.server.url)).toBeUndefined();
    await waitForStatus(stack.deck, 'remote', ['needs-auth']);
    await app.waitFor(/Sign-in\s+not signed in/);
  });

  it('a signs in from the tab', async () => {
    await openTab();
    await app.press('a');
    await app.waitFor('waiting for the browser');
    expect(stack.opened).toHaveLength(1);
  });

  /** The pager's last page. */
  async function pageEnd(): Promise<string> {
    await app.press('G');
    return app.waitFor('Saved sign-in');
  }
});
