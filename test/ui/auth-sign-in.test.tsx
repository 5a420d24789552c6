import { afterEach, describe, expect, it } from 'vitest';
import { waitForStatus } from '../integration/helpers/deck.js';
import { authDeck, consent, shownUrl, type AuthDeck } from './helpers/auth-deck.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';

const fits = (columns: number, rows: number) => (f: string) => {
  const lines = f.split('\n');
  return lines.length <= rows && lines.every((l) => [...l].length <= columns);
};

describe('signing in from the deck', () => {
  let stack: AuthDeck;
  let app: Rendered;
  afterEach(async () => {
    app?.unmount();
    await stack?.stop();
  });

  // Another browser for `o`, so a test can tell it from the deck's own opening.
  let reopened: string[];

  async function startSignIn(size = { columns: 100, rows: 30 }): Promise<string> {
    stack = await authDeck();
    reopened = [];
    app = renderApp(stack.deck, { ...size, opener: async (url) => void reopened.push(url) });
    void stack.deck.connectAll();
    await app.waitFor('remote needs sign-in: select it and press a');
    await app.press('a');
    return app.waitFor((f) => f.includes('waiting for the browser') && f.includes('callback '));
  }

  it('says once which server needs sign-in; a starts it and shows the link the browser got, and the callback', async () => {
    const frame = await startSignIn();
    expect(frame).toMatch(/remote\s+! needs sign-in/);
    expect(frame).toContain('Sign in to remote');
    // The line about needing sign-in goes once a sign-in starts.
    expect(frame).not.toContain('select it and press a');
    expect(stack.opened).toHaveLength(1);
    expect(shownUrl(frame)).toBe(stack.opened[0]);
    expect(frame).toContain(`domain    ${new URL(stack.as.issuer).host}`);
    const redirect = new URL(stack.opened[0]!).searchParams.get('redirect_uri')!;
    expect(redirect).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(frame).toContain(`callback  ${redirect}`);
    expect(frame).toContain('browser   opened in your browser');
    expect(frame).toContain('✓ Client: dynamic client registration');
    expect(frame).toMatch(/o open link · c copy link · enter submit · esc cancel/);
    await app.press('o');
    await app.waitFor('✓ opened in your browser');
    expect(reopened).toEqual(stack.opened);
  });

  it('refuses a pasted URL of another sign-in, with the reason; esc clears, esc again cancels and the overlay goes', async () => {
    await startSignIn();
    const redirect = new URL(stack.opened[0]!).searchParams.get('redirect_uri')!;
    await app.press(`${redirect}?code=abc&state=not-this-one`);
    await app.waitFor('state=not-this-one');
    await app.press(KEY.enter);
    const refused = await app.waitFor('✗ that URL belongs to another sign-in');
    expect(refused).toContain('state does not match');
    expect(stack.deck.auth.attempt('remote')?.snapshot.phase).toBe('browser');
    await app.press(KEY.esc);
    await app.waitFor((f) => !f.includes('state=not-this-one') && f.includes('esc cancel'));
    await app.press(KEY.esc);
    const closed = await app.waitFor((f) => !f.includes('Sign in to remote'));
    expect(closed).toMatch(/remote\s+! needs sign-in/);
    expect(stack.deck.auth.getSnapshot().attempts).toEqual([]);
  });

  it('takes the pasted redirect URL: signed in, a notice says so, the server connects', async () => {
    await startSignIn();
    const callback = await consent(stack.opened[0]!);
    await app.press(callback);
    await app.waitFor('paste     …');
    await app.press(KEY.enter);
    const done = await app.waitFor('✓ signed in to remote');
    expect(done).not.toContain('Sign in to remote');
    await waitForStatus(stack.deck, 'remote', ['connected']);
    await app.waitFor(/remote\s+✓ connected\s+http\s+2/);
    expect(stack.server.requests.some((r) => r.sub === 'alice')).toBe(true);
  });

  it('a refusal pasted back from the browser fails the sign-in, its text stripped of control sequences', async () => {
    await startSignIn();
    const asked = new URL(stack.opened[0]!).searchParams;
    const evil = encodeURIComponent('no thanks \x1b]0;pwned\x07\x1b[2J');
    await app.press(`${asked.get('redirect_uri')}?error=access_denied&error_description=${evil}&state=${asked.get('state')}`);
    await app.waitFor('paste     …');
    await app.press(KEY.enter);
    const failed = await app.waitFor('✗ Callback: the authorization server answered access_denied: no thanks');
    expect(failed).toContain('fix: the sign-in was cancelled or refused in the browser; start it again to retry');
    expect(failed).not.toContain('\x1b');
    expect(failed).not.toContain('\x07');
  });

  it('fits 80x24 with the whole link in view', async () => {
    const frame = await startSignIn({ columns: 80, rows: 24 });
    expect(fits(80, 24)(frame)).toBe(true);
    expect(shownUrl(frame)).toBe(stack.opened[0]);
    expect(frame).toContain('paste ');
    expect(frame).toContain('[ Cancel ] esc');
  });

  it('counts the servers that need sign-in, once the first connects have settled', async () => {
    stack = await authDeck({ another: true });
    app = renderApp(stack.deck);
    expect(app.frame()).not.toContain('need sign-in');
    void stack.deck.connectAll();
    const frame = await app.waitFor('2 servers need sign-in: select one and press a');
    expect(frame).toMatch(/again\s+! needs sign-in/);
    expect(frame).toMatch(/local\s+✓ connected/);
  });

  it('a on a server that is not remote says so', async () => {
    stack = await authDeck();
    app = renderApp(stack.deck);
    void stack.deck.connectAll();
    await app.waitFor(/local\s+✓ connected/);
    await app.press(KEY.down, 'a');
    await app.waitFor('local is a stdio server: sign-in is for remote (HTTP or SSE) servers');
    expect(stack.opened).toEqual([]);
  });
});
