import { spawn } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callbackPort, DEFAULT_CALLBACK_PORT } from '../../src/core/auth/callback-port.js';
import { CallbackListener } from '../../src/core/auth/callback-server.js';
import { unionScopes } from '../../src/core/auth/challenge.js';
import { refreshDue } from '../../src/core/auth/expiry.js';
import { parsePasted } from '../../src/core/auth/paste.js';
import { stepsFromRequests } from '../../src/core/auth/trace.js';
import { openSecretStore } from '../../src/core/secrets/store.js';

describe('the callback port', () => {
  it('is the documented default, overridable per server and globally, 0 for any free port', () => {
    expect(callbackPort(undefined, {})).toBe(DEFAULT_CALLBACK_PORT);
    expect(callbackPort({}, { MCPDECK_OAUTH_CALLBACK_PORT: '0' })).toBe(0);
    expect(callbackPort({ callbackPort: 4000 }, { MCPDECK_OAUTH_CALLBACK_PORT: '5000' })).toBe(4000);
    expect(callbackPort({ redirectUri: 'http://127.0.0.1:4321/callback' }, {})).toBe(4321);
  });

  it('refuses a redirect that would leave this machine, and a bad global port', () => {
    expect(() => callbackPort({ redirectUri: 'https://example.com/callback' }, {})).toThrow(/only listens on this machine's loopback \(got example\.com\)/);
    expect(() => callbackPort({}, { MCPDECK_OAUTH_CALLBACK_PORT: 'http' })).toThrow(/must be a port number/);
  });
});

describe('the loopback listener', () => {
  it('routes a callback by state, refuses an unknown state, and listens on 127.0.0.1 only', async () => {
    const listener = await CallbackListener.open(0);
    try {
      expect(listener.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      const got: unknown[] = [];
      let mismatches = 0;
      listener.expect('s1', { onResult: (r) => got.push(r), onMismatch: () => mismatches++ });
      const stray = await fetch(`${listener.redirectUri}?code=x&state=other`);
      expect(stray.status).toBe(400);
      expect(await stray.text()).toContain('was not started by mcpdeck');
      expect(mismatches).toBe(1);
      const ok = await fetch(`${listener.redirectUri}?code=abc&state=s1`);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('return to the terminal');
      expect(got).toEqual([{ code: 'abc' }]);
      // Answered once: the same state again is a stranger.
      expect((await fetch(`${listener.redirectUri}?code=abc&state=s1`)).status).toBe(400);
    } finally {
      await listener.close();
    }
  });

  it('passes a refusal on and says so in the page', async () => {
    const listener = await CallbackListener.open(0);
    try {
      const got: unknown[] = [];
      listener.expect('s', { onResult: (r) => got.push(r), onMismatch: () => undefined });
      const page = await fetch(`${listener.redirectUri}?error=access_denied&error_description=%3Cb%3Eno%3C%2Fb%3E&state=s`);
      expect(await page.text()).toContain('access_denied — &#60;b&#62;no');
      expect(got).toEqual([{ error: 'access_denied', description: '<b>no</b>' }]);
    } finally {
      await listener.close();
    }
  });

  it('says clearly when its port is taken', async () => {
    const first = await CallbackListener.open(0);
    try {
      await expect(CallbackListener.open(first.port)).rejects.toThrow(`port ${first.port} is already in use`);
    } finally {
      await first.close();
    }
  });
});

describe('a pasted callback', () => {
  it('takes a redirected URL with its state, or a bare code', () => {
    expect(parsePasted('  http://127.0.0.1:1/callback?code=c1&state=s1 ')).toEqual({ result: { code: 'c1' }, state: 's1' });
    expect(parsePasted('c0de')).toEqual({ result: { code: 'c0de' } });
    expect(parsePasted('http://127.0.0.1:1/callback?error=access_denied&state=s')).toEqual({ result: { error: 'access_denied', description: undefined }, state: 's' });
  });

  it('explains what is wrong with anything else', () => {
    expect(parsePasted('')).toEqual({ invalid: expect.stringContaining('paste the URL') });
    expect(parsePasted('http://127.0.0.1:1/callback?state=s')).toEqual({ invalid: expect.stringContaining('no code') });
    expect(parsePasted('two words')).toEqual({ invalid: expect.stringContaining('no spaces') });
  });
});

describe('scopes, expiry and the trace', () => {
  it('asks for the union of scopes, in order, once each', () => {
    expect(unionScopes(['a', 'b'], 'b c')).toBe('a b c');
    expect(unionScopes(undefined, '')).toBeUndefined();
  });

  it('refreshes a minute before expiry, or a quarter of a short life', () => {
    const long = { serverUrl: 'x', savedAt: 0, expiresAt: 3_600_000 };
    expect(refreshDue(long, 3_539_999)).toBe(false);
    expect(refreshDue(long, 3_540_000)).toBe(true);
    const short = { serverUrl: 'x', savedAt: 0, expiresAt: 4_000 };
    expect(refreshDue(short, 2_999)).toBe(false);
    expect(refreshDue(short, 3_000)).toBe(true);
    expect(refreshDue({ serverUrl: 'x' }, Date.now())).toBe(false);
  });

  it('folds discovery fallbacks into one passed step, and keeps a failure with its OAuth error', () => {
    const steps = stepsFromRequests([
      { step: 'Authorization server metadata', url: 'http://as/.well-known/oauth-authorization-server', status: 404 },
      { step: 'Authorization server metadata', url: 'http://as/.well-known/openid-configuration', status: 200 },
      { step: 'Token request', url: 'http://as/token', status: 400, error: 'invalid_grant' },
    ]);
    expect(steps[0]).toMatchObject({ status: 'ok', detail: expect.stringContaining('404') });
    expect(steps[1]).toEqual({ step: 'Token request', status: 'failed', detail: 'http://as/token → 400 (invalid_grant)' });
  });
});

describe('the file secret store', () => {
  it('keeps secrets in a 0600 file and refuses one others can read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-secrets-'));
    const store = await openSecretStore({ dir, prefer: 'file' });
    expect(store.backend).toBe('file');
    await store.set('a', 'one');
    await store.set('b', 'two');
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(await store.get('a')).toBe('one');
    expect(await store.accounts()).toEqual(['a', 'b']);
    expect(await store.delete('a')).toBe(true);
    expect(await store.delete('a')).toBe(false);
    const { chmodSync } = await import('node:fs');
    chmodSync(join(dir, 'secrets.json'), 0o644);
    await expect(store.get('b')).rejects.toThrow(/readable by others .*chmod 600/);
  });

  it('loses no write when two processes write at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-secrets-'));
    const store = new URL('../../dist/core/secrets/store.js', import.meta.url).href;
    const writer = (tag: string) => new Promise<number | null>((resolve) => {
      const code = `const { openSecretStore } = await import(${JSON.stringify(store)});
        const s = await openSecretStore({ dir: ${JSON.stringify(dir)}, prefer: 'file' });
        for (let i = 0; i < 25; i++) await s.set('${tag}' + i, 'v');`;
      spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: 'inherit' }).on('exit', resolve);
    });
    expect(await Promise.all([writer('a'), writer('b')])).toEqual([0, 0]);
    const store2 = await openSecretStore({ dir, prefer: 'file' });
    expect((await store2.accounts()).length).toBe(50);
  });

  it('loses no write when many land at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-secrets-'));
    const stores = await Promise.all([1, 2].map(() => openSecretStore({ dir, prefer: 'file' })));
    await Promise.all(Array.from({ length: 40 }, (_, i) => stores[i % 2]!.set(`k${i}`, String(i))));
    expect((await stores[0]!.accounts()).length).toBe(40);
  });
});
