import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProtectedServer } from '../fixtures/auth/protected-server.mjs';
import { browserEnv, browserRuns, pastedCallback, startAuthStack, waitForBrowserRuns, type AuthStack } from './helpers/auth-stack.js';
import { authSandbox, secretValues, until } from './helpers/auth-cli.js';

const freePort = () => new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  });
});

// Sign-in from the command line against oidc-provider (login and consent pages), a
// protected MCP server, and Debian's Chromium as $BROWSER.
describe('auth from the CLI, through a real authorization server and browser', () => {
  let stack: AuthStack;
  beforeAll(async () => {
    stack = await startAuthStack({ stepUp: { tool: 'admin_reset', scope: 'mcp:admin' } });
  });
  afterAll(() => stack?.stop());

  it('signs in once (DCR, PKCE, resource), then reuses the token with no browser; no token is ever printed', async () => {
    const browser = browserEnv('consent');
    const box = authSandbox(browser);
    const login = await box.run(['auth', 'login', '--url', stack.serverUrl]);
    expect(login.stderr).toContain('Signed in to adhoc as alice (scopes: mcp:tools)');
    expect(login.stderr).toMatch(/Connected: \d+ tools/);
    expect(login.code).toBe(0);
    const [register] = stack.as.requestsOf('register').slice(-1);
    expect(register).toMatchObject({ application_type: 'native', token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'] });
    const [authorize] = stack.as.requestsOf('authorize').slice(-1);
    // offline_access too: the authorization server lists it and mcpdeck wants a refresh token (SEP-2207).
    expect(authorize).toMatchObject({ code_challenge_method: 'S256', resource: [stack.serverUrl], scope: 'mcp:tools offline_access' });
    expect(await waitForBrowserRuns(browser, 1)).toHaveLength(1);

    const call = await box.run(['call', '--url', stack.serverUrl, 'whoami', '--json']);
    expect(call.code).toBe(0);
    expect(call.stdout).toContain('alice');
    expect(browserRuns(browser)).toHaveLength(1);

    const status = await box.run(['auth', 'status', '--url', stack.serverUrl, '--json']);
    const [row] = JSON.parse(status.stdout).servers;
    expect(row).toMatchObject({ server: 'adhoc', auth: 'signed in', subject: 'alice', scopes: ['mcp:tools'], refreshToken: true });

    expect(box.mode()).toBe(0o600);
    const secrets = secretValues(box.secrets());
    expect(secrets.length).toBeGreaterThanOrEqual(2);
    for (const text of box.printed) for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('refreshes a token that really expired, without the browser', async () => {
    const short = await startAuthStack({ accessTokenTTL: 2 });
    try {
      const browser = browserEnv('consent');
      const box = authSandbox(browser);
      expect((await box.run(['auth', 'login', '--url', short.serverUrl])).code).toBe(0);
      const [record] = Object.values(box.secrets());
      const expiresAt = Number(record!.expiresAt);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now()) + 300));
      const call = await box.run(['call', '--url', short.serverUrl, 'whoami', '--json']);
      expect(call.code).toBe(0);
      expect(call.stdout).toContain('alice');
      expect(short.as.requestsOf('token').map((t) => t.grant_type)).toContain('refresh_token');
      expect(browserRuns(browser)).toHaveLength(1);
    } finally {
      await short.stop();
    }
  });

  it('signs out: tokens and client deleted, and the server needs sign-in again', async () => {
    const box = authSandbox(browserEnv('consent'));
    expect((await box.run(['auth', 'login', '--url', stack.serverUrl])).code).toBe(0);
    const logout = await box.run(['auth', 'logout', '--url', stack.serverUrl]);
    expect(logout.stderr).toContain('Signed out of adhoc: its tokens and registered client are deleted.');
    expect(Object.keys(box.secrets())).toEqual([]);
    const call = await box.run(['call', '--url', stack.serverUrl, 'whoami']);
    expect(call.code).toBe(4);
    expect(call.stderr).toContain('needs sign-in: not signed in');
    expect(call.stderr).toContain('mcpdeck auth login --url <url>');
  });

  it('reports a consent cancelled in the browser, with what to do', async () => {
    const box = authSandbox(browserEnv('deny'));
    const login = await box.run(['auth', 'login', '--url', stack.serverUrl]);
    expect(login.code).toBe(4);
    expect(login.stderr).toContain('✗ Callback: the authorization server answered access_denied');
    expect(login.stderr).toContain('→ the sign-in was cancelled or refused in the browser; start it again to retry');
  });

  it('ignores a request to the callback with a state it never issued, says so once, and the real redirect still signs in', async () => {
    const browser = browserEnv('forged');
    const box = authSandbox(browser);
    const login = await box.run(['auth', 'login', '--url', stack.serverUrl]);
    const [run] = await waitForBrowserRuns(browser, 1);
    expect(run?.forged).toMatchObject({ status: 400 });
    expect(run?.forged?.text).toContain('was not sent by the sign-in mcpdeck started');
    expect(login.stderr.match(/without the state this sign-in issued; it was ignored/g)).toHaveLength(1);
    expect(login.stderr).toContain('Signed in to adhoc as alice');
    expect(login.code).toBe(0);
    // The forged code never reached the token endpoint: one exchange, the real one.
    expect(stack.as.requestsOf('token').filter((t) => t.grant_type === 'authorization_code' && t.status !== 200)).toEqual([]);
  });

  it('refuses a redirect whose iss is not the authorization server (RFC 9207): the code never reaches the token endpoint, the trace and the doctor say why', async () => {
    const browser = browserEnv('wrong-iss');
    const box = authSandbox(browser);
    const tokensBefore = stack.as.requestsOf('token').length;
    const login = await box.run(['auth', 'login', '--url', stack.serverUrl]);
    const [run] = await waitForBrowserRuns(browser, 1);
    expect(run?.outcome).toMatchObject({ result: 'callback', code: true, status: 200 });
    const refusal = `✗ Callback: the redirect's iss is not "${stack.issuer}", the authorization server this sign-in started at (RFC 9207); the code was refused and not sent to the token endpoint`;
    expect(login.stderr).toContain(refusal);
    expect(login.stderr).not.toContain('evil.example');
    expect(login.code).toBe(4);
    expect(stack.as.requestsOf('token')).toHaveLength(tokensBefore);
    const doctor = await box.run(['auth', 'doctor', '--url', stack.serverUrl]);
    expect(doctor.stdout).toContain(`✓ Issuer: the metadata's issuer ${stack.issuer} is the authorization server it was fetched for; the redirect must carry iss ${stack.issuer}`);
    expect(doctor.stdout).toContain(refusal);
  });

  it('refuses authorization server metadata whose issuer is not the server it was fetched for (RFC 8414 §3.3): no endpoint of it is used', async () => {
    // The same real authorization server, named by another host: its metadata says 127.0.0.1.
    const elsewhere = stack.issuer.replace('127.0.0.1', 'localhost');
    const server = await startProtectedServer({ issuer: elsewhere });
    try {
      const browser = browserEnv('consent');
      const box = authSandbox(browser);
      const seen = stack.as.requests.length;
      const refusal = `✗ Authorization server metadata: its issuer "${stack.issuer}" is not "${elsewhere}`;
      const doctor = await box.run(['auth', 'doctor', '--url', server.url]);
      expect(doctor.stdout).toContain(refusal);
      expect(doctor.stdout).toContain('none of its endpoints were used');
      expect(doctor.code).toBe(4);
      const login = await box.run(['auth', 'login', '--url', server.url]);
      expect(login.stderr).toContain(refusal);
      expect(login.code).toBe(4);
      expect(stack.as.requests.slice(seen)).toEqual([]);
      expect(browserRuns(browser)).toHaveLength(0);
    } finally {
      await server.stop();
    }
  });

  it('takes the redirected URL pasted into the terminal when the browser cannot reach it', async () => {
    const browser = browserEnv('paste');
    const box = authSandbox(browser);
    const login = await box.run(['auth', 'login', '--url', stack.serverUrl], {
      stdin: (write, output) => {
        void until(output, /paste the redirected URL/).then(async () => {
          write('not a url\n');
          write(`${(await pastedCallback(browser)).trim()}\n`);
        });
      },
    });
    expect(login.stderr).toContain('a code has no spaces');
    expect(login.stderr).toContain('Signed in to adhoc as alice');
    expect(login.code).toBe(0);
  });

  it('a bare code pasted where the authorization server sends iss asks for the whole URL, not as an attack', async () => {
    const browser = browserEnv('paste');
    const box = authSandbox(browser);
    const login = await box.run(['auth', 'login', '--url', stack.serverUrl], {
      stdin: (write, output) => {
        void until(output, /paste the redirected URL/).then(async () => {
          write(`${new URL((await pastedCallback(browser)).trim()).searchParams.get('code')}\n`);
        });
      },
    });
    expect(login.stderr).toContain('this authorization server sends an iss beside the code (RFC 9207), which mcpdeck checks before using the code: paste the whole address the browser was sent to, not only the code');
    expect(login.stderr).not.toContain('someone is trying to take over this sign-in');
    expect(login.code).not.toBe(0);
  });

  it('steps up to the union of scopes when a tool needs more, then completes the call', async () => {
    const browser = browserEnv('consent');
    const box = authSandbox(browser);
    expect((await box.run(['auth', 'login', '--url', stack.serverUrl])).code).toBe(0);
    // No terminal (pipes) and no --sign-in: nothing opens, exit 4 with what to run.
    const refused = await box.run(['call', '--url', stack.serverUrl, 'admin_reset']);
    expect(refused.stderr).toContain('the server needs more permission for this call (scope mcp:tools mcp:admin): sign in again for it');
    expect(refused.stderr).toContain('run the call again with --sign-in auto (or --sign-in ask on a terminal)');
    expect(refused.stderr).not.toMatch(/InsufficientScope|at .*\.js:\d+/);
    expect(refused.code).toBe(4);
    expect(browserRuns(browser)).toHaveLength(1);
    const call = await box.run(['call', '--url', stack.serverUrl, 'admin_reset', '--sign-in', 'auto', '--json']);
    expect(call.stdout).toContain('admin_reset done');
    expect(call.code).toBe(0);
    const [last] = stack.as.requestsOf('authorize').slice(-1);
    expect(last?.scope?.split(' ').sort()).toEqual(['mcp:admin', 'mcp:tools', 'offline_access']);
    expect(await waitForBrowserRuns(browser, 2)).toHaveLength(2);
  });

  it('uses oauth.redirectUri exactly as written: a pre-registered client with http://localhost:<port>/cb signs in', async () => {
    const port = await freePort();
    const redirectUri = `http://localhost:${port}/cb`;
    // Registered as a web client: the provider matches the redirect URI exactly, port and path included.
    const registered = await startAuthStack({ clients: [{ client_id: 'deck-cb', application_type: 'web', token_endpoint_auth_method: 'none', redirect_uris: [redirectUri] }] });
    try {
      const browser = browserEnv('consent');
      const box = authSandbox(browser);
      const config = join(box.cwd, 'servers.json');
      writeFileSync(config, JSON.stringify({ mcpServers: { cb: { type: 'http', url: registered.serverUrl, oauth: { clientId: 'deck-cb', redirectUri } } } }));
      const doctor = await box.run(['auth', 'doctor', '--strict', '-c', config, 'cb']);
      expect(doctor.stdout).toContain(`Redirect URI to register with a provider: ${redirectUri}`);
      expect(doctor.stdout).toContain(`✓ Callback port: localhost:${port} is free`);
      const login = await box.run(['auth', 'login', '--strict', '-c', config, 'cb']);
      expect(login.stderr).toContain(`callback ${redirectUri}`);
      expect(login.stderr).toContain('Signed in to cb as alice');
      expect(login.code).toBe(0);
      expect(registered.as.requestsOf('authorize').map((a) => a.redirect_uri)).toEqual([redirectUri]);
      expect(registered.as.requestsOf('register')).toEqual([]);
      const [run] = await waitForBrowserRuns(browser, 1);
      expect(run?.outcome.url).toMatch(new RegExp(`^http://localhost:${port}/cb\\?`));
    } finally {
      await registered.stop();
    }
  });

  it('keeps a static Authorization header working with no OAuth at all', async () => {
    const signedIn = authSandbox(browserEnv('consent'));
    expect((await signedIn.run(['auth', 'login', '--url', stack.serverUrl])).code).toBe(0);
    const token = String((Object.values(signedIn.secrets())[0]!.tokens as { access_token: string }).access_token);
    const browser = browserEnv('consent');
    const box = authSandbox(browser);
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const config = join(box.cwd, 'static.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { pinned: { type: 'http', url: stack.serverUrl, headers: { Authorization: `Bearer ${token}` } } } }));
    const call = await box.run(['call', '--strict', '-c', config, 'pinned', 'whoami', '--json']);
    expect(call.code).toBe(0);
    expect(call.stdout).toContain('alice');
    expect(browserRuns(browser)).toHaveLength(0);
    const status = await box.run(['auth', 'status', '--strict', '-c', config]);
    expect(status.stdout).toContain('pinned  static header');
  });

  it('walks a sign-in as a doctor: each step, and the redirect URI to register', async () => {
    const box = authSandbox(browserEnv('consent'), { MCPDECK_OAUTH_CALLBACK_PORT: '' });
    const doctor = await box.run(['auth', 'doctor', '--url', stack.serverUrl]);
    expect(doctor.code).toBe(0);
    for (const step of ['✓ Server challenge: HTTP 401', '✓ Protected resource metadata', '✓ Authorization server metadata', '✓ Resource', 'would register dynamically', 'Scopes: would ask for mcp:tools']) {
      expect(doctor.stdout).toContain(step);
    }
    expect(doctor.stdout).toContain('Redirect URI to register with a provider: http://127.0.0.1:19876/callback');
    const unreachable = await box.run(['auth', 'doctor', '--url', 'http://127.0.0.1:9/mcp']);
    expect(unreachable.code).toBe(4);
    expect(unreachable.stdout).toContain('✗ Server challenge: could not reach http://127.0.0.1:9/mcp');
  });
});
