import { spawn } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { callbackAddress, DEFAULT_CALLBACK_PORT } from '../../src/core/auth/callback-port.js';
import { CallbackListener } from '../../src/core/auth/callback-server.js';
import { checkEndpoints, EndpointRefused, endpointProblem } from '../../src/core/auth/endpoints.js';
import { RegistrationRejectedError } from '@modelcontextprotocol/client';
import { explainSignInError } from '../../src/core/auth/explain.js';
import { unionScopes } from '../../src/core/auth/challenge.js';
import { refreshDue } from '../../src/core/auth/expiry.js';
import { parsePasted } from '../../src/core/auth/paste.js';
import { stepsFromRequests } from '../../src/core/auth/trace.js';
import { openSecretStore } from '../../src/core/secrets/store.js';

describe('the callback address', () => {
  const port = (settings: Parameters<typeof callbackAddress>[0], env: NodeJS.ProcessEnv = {}) => callbackAddress(settings, env).port;
  it('is the documented default, overridable per server and globally, 0 for any free port', () => {
    expect(callbackAddress(undefined, {})).toEqual({ host: '127.0.0.1', port: DEFAULT_CALLBACK_PORT, path: '/callback' });
    expect(port({}, { MCPDECK_OAUTH_CALLBACK_PORT: '0' })).toBe(0);
    expect(port({ callbackPort: 4000 }, { MCPDECK_OAUTH_CALLBACK_PORT: '5000' })).toBe(4000);
  });

  it('takes oauth.redirectUri exactly as written: host name, port and path', () => {
    expect(callbackAddress({ redirectUri: 'http://localhost:4321/cb' }, {})).toEqual({ host: 'localhost', port: 4321, path: '/cb', redirectUri: 'http://localhost:4321/cb' });
    expect(callbackAddress({ redirectUri: 'http://[::1]:4322/oauth/done' }, {})).toMatchObject({ host: '[::1]', port: 4322, path: '/oauth/done' });
  });

  it('refuses a redirect that would leave this machine, one without a port, and a bad global port', () => {
    expect(() => callbackAddress({ redirectUri: 'https://example.com/callback' }, {})).toThrow(/only listens on loopback \(got https:\/\/example\.com\)/);
    expect(() => callbackAddress({ redirectUri: 'http://localhost/cb' }, {})).toThrow(/needs a port, e\.g\. http:\/\/localhost:8765\/cb/);
    expect(() => callbackAddress({}, { MCPDECK_OAUTH_CALLBACK_PORT: 'http' })).toThrow(/must be a port number/);
  });
});

describe('the loopback listener', () => {
  const uri = (listener: CallbackListener) => listener.redirectUriFor({ host: '127.0.0.1', port: 0, path: '/callback' });

  it('routes a callback by state; a request with a wrong or missing state is ignored and it keeps waiting', async () => {
    const listener = await CallbackListener.open('127.0.0.1', 0);
    try {
      expect(uri(listener)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      const got: unknown[] = [];
      let ignored = 0;
      listener.expect('s1', { path: '/callback', onResult: (r) => got.push(r), onIgnored: () => ignored++ });
      const stray = await fetch(`${uri(listener)}?code=x&state=other`);
      expect(stray.status).toBe(400);
      expect(await stray.text()).toContain('was not sent by the sign-in mcpdeck started');
      expect((await fetch(`${uri(listener)}?code=x`)).status).toBe(400);
      expect(ignored).toBe(2);
      expect(listener.waiting).toBe(1);
      const ok = await fetch(`${uri(listener)}?code=abc&state=s1&iss=https%3A%2F%2Fas.example`);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('return to the terminal, which shows how the sign-in ends');
      expect(got).toEqual([{ code: 'abc', iss: 'https://as.example' }]);
      // Answered once: the same state again is a stranger, and nothing waits on this path any more.
      expect((await fetch(`${uri(listener)}?code=abc&state=s1`)).status).toBe(404);
    } finally {
      await listener.close();
    }
  });

  it('answers only on the path of the redirect URI', async () => {
    const listener = await CallbackListener.open('127.0.0.1', 0);
    try {
      const got: unknown[] = [];
      listener.expect('s', { path: '/cb', onResult: (r) => got.push(r), onIgnored: () => undefined });
      expect((await fetch(`http://127.0.0.1:${listener.port}/callback?code=c&state=s`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${listener.port}/cb?code=c&state=s`)).status).toBe(200);
      expect(got).toEqual([{ code: 'c' }]);
    } finally {
      await listener.close();
    }
  });

  it('passes a refusal on and says so in the page', async () => {
    const listener = await CallbackListener.open('127.0.0.1', 0);
    try {
      const got: unknown[] = [];
      listener.expect('s', { path: '/callback', onResult: (r) => got.push(r), onIgnored: () => undefined });
      const page = await fetch(`${uri(listener)}?error=access_denied&error_description=%3Cb%3Eno%3C%2Fb%3E&state=s`);
      expect(await page.text()).toContain('access_denied — &#60;b&#62;no');
      expect(got).toEqual([{ error: 'access_denied', description: '<b>no</b>' }]);
    } finally {
      await listener.close();
    }
  });

  it('says clearly when its port is taken', async () => {
    const first = await CallbackListener.open('127.0.0.1', 0);
    try {
      await expect(CallbackListener.open('127.0.0.1', first.port)).rejects.toThrow(`port ${first.port} is already in use`);
    } finally {
      await first.close();
    }
  });
});

describe('authorization server endpoints', () => {
  it('accepts https anywhere and http on this machine only', () => {
    for (const ok of ['https://as.example/authorize', 'http://127.0.0.1:9/authorize', 'http://localhost/authorize', 'http://[::1]:8/a']) expect(endpointProblem(ok)).toBeUndefined();
  });

  it('refuses plain http elsewhere, file:, javascript: and data:, naming the endpoint and saying why', () => {
    const refusal = (metadata: Record<string, unknown>) => {
      try {
        checkEndpoints(metadata);
      } catch (error) {
        expect(error).toBeInstanceOf(EndpointRefused);
        return explainSignInError(error);
      }
      throw new Error('not refused');
    };
    expect(refusal({ authorization_endpoint: 'http://as.example/authorize' }).message).toBe(
      `the authorization server's authorization_endpoint is refused: "http://as.example/authorize" is plain http on another machine (only https, or http on 127.0.0.1, localhost or [::1]); none of its endpoints were used`,
    );
    expect(refusal({ authorization_endpoint: 'file:///etc/passwd' }).message).toContain('authorization_endpoint is refused: "file:///etc/passwd" is a file: URL');
    expect(refusal({ authorization_endpoint: 'javascript:alert(1)' }).message).toContain('"javascript:alert(1)" is a javascript: URL');
    const data = refusal({ authorization_endpoint: `data:text/html,${'x'.repeat(500)}` });
    expect(data.message).toContain('is a data: URL');
    expect(data.message.length).toBeLessThan(250);
    expect(data.step).toBe('Authorization server metadata');
    expect(refusal({ authorization_endpoint: 'https://as.example/a', token_endpoint: 'http://as.example/token' }).message).toContain('token_endpoint is refused');
    expect(refusal({ authorization_endpoint: 'https://as.example/a', registration_endpoint: 'nonsense' }).message).toContain('registration_endpoint is refused: "nonsense" is not a URL');
  });
});

describe('a pasted callback', () => {
  it('takes a redirected URL with its state, or a bare code', () => {
    expect(parsePasted('  http://127.0.0.1:1/callback?code=c1&state=s1 ')).toEqual({ result: { code: 'c1', iss: undefined }, state: 's1' });
    expect(parsePasted('http://127.0.0.1:1/callback?code=c1&state=s1&iss=https%3A%2F%2Fas')).toEqual({ result: { code: 'c1', iss: 'https://as' }, state: 's1' });
    // A bare code is marked so: where the authorization server sends iss, the whole URL is asked for.
    expect(parsePasted('c0de')).toEqual({ result: { code: 'c0de', bare: true } });
    expect(parsePasted('http://127.0.0.1:1/callback?error=access_denied&state=s')).toEqual({ result: { error: 'access_denied', description: undefined }, state: 's' });
  });

  it('explains what is wrong with anything else', () => {
    expect(parsePasted('')).toEqual({ invalid: expect.stringContaining('paste the URL') });
    expect(parsePasted('http://127.0.0.1:1/callback?state=s')).toEqual({ invalid: expect.stringContaining('no code') });
    expect(parsePasted('two words')).toEqual({ invalid: expect.stringContaining('no spaces') });
  });
});

describe('an error body in a sign-in failure', () => {
  const PAGE = '<!DOCTYPE html>\n<html lang="en">\n<head>\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot POST /register</pre>\n</body>\n</html>\n';
  const rejected = (status: number, body: string) => new RegistrationRejectedError({ status, body, submittedMetadata: { redirect_uris: ['http://127.0.0.1/callback'] } });

  it('is never a raw page: a refused registration gives its status and a short excerpt, or its RFC 7591 error', () => {
    expect(explainSignInError(rejected(404, PAGE))).toMatchObject({
      step: 'Client registration',
      message: 'the authorization server refused to register mcpdeck as a client (HTTP 404: Error Cannot POST /register)',
    });
    const json = JSON.stringify({ error: 'invalid_redirect_uri', error_description: 'loopback\u001b[2J only' });
    expect(explainSignInError(rejected(400, json)).message).toBe('the authorization server refused to register mcpdeck as a client (HTTP 400: invalid_redirect_uri: loopback⟦ESC[2J⟧ only)');
  });

  it('nor is any other error that quotes one, or a long one', () => {
    const said = explainSignInError(new Error(`HTTP 502: Invalid OAuth error response: not JSON. Raw body: ${PAGE}`)).message;
    expect(said).toBe('HTTP 502: Invalid OAuth error response: not JSON. Raw body: Error Cannot POST /register');
    expect(explainSignInError(new Error('x'.repeat(1000))).message.length).toBeLessThanOrEqual(300);
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
    // The built module, by a path rather than new URL(…): the lint's import graph stays the same with or without dist/.
    const store = pathToFileURL(fileURLToPath(new URL('../../dist', import.meta.url)) + '/core/secrets/store.js').href;
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
