import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deckWith, waitForStatus } from '../integration/helpers/deck.js';
import { browserEnv, startAuthStack, waitForBrowserRuns, type AuthStack } from './helpers/auth-stack.js';
import { authSandbox } from './helpers/auth-cli.js';

const freePort = () => new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  });
});

describe('sign-ins in one deck and across processes', () => {
  let stack: AuthStack;
  beforeAll(async () => {
    stack = await startAuthStack();
  });
  afterAll(() => stack?.stop());

  it('signs two servers in at the same time on one callback port, each callback routed by its state', async () => {
    const second = await stack.addServer();
    const browser = browserEnv('consent');
    const env = { ...process.env, ...browser, MCPDECK_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'mcpdeck-auth-')), MCPDECK_OAUTH_CALLBACK_PORT: String(await freePort()) };
    const deck = await deckWith({ one: { type: 'http', url: stack.serverUrl }, two: { type: 'http', url: second.url } }, { env });
    try {
      await deck.connectAll();
      expect(deck.server('one')).toMatchObject({ status: 'needs-auth', error: `${stack.serverUrl} needs sign-in: not signed in` });
      const [a, b] = [deck.signIn('one'), deck.signIn('two')];
      expect(a.snapshot.redirectUri === undefined || a.snapshot.redirectUri === b.snapshot.redirectUri).toBe(true);
      const [endA, endB] = await Promise.all([a.done, b.done]);
      expect([endA.phase, endB.phase]).toEqual(['signed-in', 'signed-in']);
      expect(endA.redirectUri).toBe(endB.redirectUri);
      await Promise.all([waitForStatus(deck, 'one', ['connected']), waitForStatus(deck, 'two', ['connected'])]);
      expect((await waitForBrowserRuns(browser, 2)).map((r) => r.outcome.result)).toEqual(['callback', 'callback']);
    } finally {
      await deck.close();
    }
  });

  it('refreshes once when two processes find the same token expired: one refresh token is never spent twice', async () => {
    const box = authSandbox(browserEnv('consent'));
    expect((await box.run(['auth', 'login', '--url', stack.serverUrl])).code).toBe(0);
    // Due now, as an hour later: both processes find it so at once.
    box.edit(`oauth:${stack.serverUrl}`, (record) => ({ ...record, expiresAt: Date.now() - 1000 }));
    const before = stack.as.requestsOf('token').filter((t) => t.grant_type === 'refresh_token').length;
    const calls = await Promise.all([1, 2].map(() => box.run(['call', '--url', stack.serverUrl, 'whoami', '--json'])));
    expect(calls.map((c) => c.code)).toEqual([0, 0]);
    const refreshes = stack.as.requestsOf('token').filter((t) => t.grant_type === 'refresh_token').slice(before) as { status: number; at: number }[];
    // One refresh, which the other process reads back: the token it brought is good for 10 minutes.
    expect(refreshes.map((r) => r.status), JSON.stringify(refreshes)).toEqual([200]);
  });

  it('keeps the old sign-in when a refresh is refused, and says why', async () => {
    // A token that really expired (2 s): the server refuses it, so the refresh is the only way on.
    const short = await startAuthStack({ accessTokenTTL: 2 });
    try {
      const box = authSandbox(browserEnv('consent'));
      expect((await box.run(['auth', 'login', '--url', short.serverUrl])).code).toBe(0);
      const key = `oauth:${short.serverUrl}`;
      // The authorization server forgets the grant (as after a revocation): the refresh is refused.
      box.edit(key, (saved) => ({ ...saved, tokens: { ...(saved.tokens as object), refresh_token: 'revoked-elsewhere' } }));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(box.secrets()[key]!.expiresAt) - Date.now()) + 300));
      const call = await box.run(['call', '--url', short.serverUrl, 'whoami']);
      expect(call.code).toBe(4);
      expect(call.stderr).toMatch(/the sign-in expired and could not be refreshed \(.*\): sign in again/);
      expect((box.secrets()[key]!.tokens as { refresh_token: string }).refresh_token).toBe('revoked-elsewhere');
    } finally {
      await short.stop();
    }
  });
});
