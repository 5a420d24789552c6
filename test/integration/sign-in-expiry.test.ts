// "signed in to X" is the deck's to expire: a real sign-in against a real authorization
// server, then time moved by hand.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthManager } from '../../src/core/auth/manager.js';
import { openSecretStore } from '../../src/core/secrets/store.js';
import { startAuthorizationServer, type AuthorizationServer } from '../fixtures/auth/authorization-server.mjs';
import { startProtectedServer, type ProtectedServer } from '../fixtures/auth/protected-server.mjs';
import { consent } from '../ui/helpers/auth-deck.js';
import { ManualClock } from '../unit/helpers/manual-clock.js';
import { until } from '../helpers/until.js';

describe('a finished sign-in in the store', () => {
  let as: AuthorizationServer | undefined;
  let server: ProtectedServer | undefined;
  afterEach(async () => {
    await server?.stop();
    await as?.stop();
  });

  it('stays for noticeMs after it signed in, then goes; a newer one starts the time again and takes the older along', async () => {
    as = await startAuthorizationServer();
    server = await startProtectedServer({ issuer: as.issuer });
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-sign-in-expiry-'));
    const clock = new ManualClock(Date.now());
    const opened: string[] = [];
    const auth = new AuthManager({
      env: { MCPDECK_CONFIG_DIR: dir, MCPDECK_OAUTH_CALLBACK_PORT: '0' },
      secrets: () => openSecretStore({ dir, prefer: 'file' }),
      openBrowser: async (url) => void opened.push(url),
      clock,
      noticeMs: 8000,
    });
    const signIn = async (name: string) => {
      const attempt = auth.signIn(name, { type: 'http', url: server!.url, headers: {} });
      await until(() => attempt.snapshot.phase === 'browser', 'the sign-in at its browser step', { every: 10 });
      expect(attempt.paste(await consent(attempt.snapshot.authorizationUrl!))).toEqual({ ok: true });
      return attempt.done;
    };
    await expect(signIn('remote')).resolves.toMatchObject({ phase: 'signed-in' });
    const phases = () => auth.getSnapshot().attempts.map((a) => `${a.server}:${a.phase}`);
    expect(phases()).toEqual(['remote:signed-in']);
    clock.advance(5000);
    await signIn('again');
    clock.advance(7999);
    expect(phases()).toEqual(['remote:signed-in', 'again:signed-in']);
    clock.advance(1);
    expect(phases()).toEqual([]);
  });
});
