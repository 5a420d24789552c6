import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserEnv, browserRuns, startAuthStack, waitForBrowserRuns, type AuthStack } from './helpers/auth-stack.js';
import { authSandbox, secretValues, type AuthSandbox } from './helpers/auth-cli.js';

// Sign-in and sign-out through a running session: the session (which never asks for a
// sign-in by itself) signs in when the person runs `auth login`, and its server connects
// with the new tokens; `auth logout` leaves it asking again. A real authorization server
// (oidc-provider) and Chromium as $BROWSER.
describe('signing in to a server a session holds', () => {
  let stack: AuthStack;
  let box: AuthSandbox;
  let browser: Record<string, string>;
  const run = (...args: string[]) => box.run([...args, '--config', 'servers.json']);
  beforeAll(async () => {
    stack = await startAuthStack();
    browser = browserEnv('consent');
    box = authSandbox(browser, { XDG_RUNTIME_DIR: mkdtempSync(join(tmpdir(), 'mcpdeck-run-')) });
    writeFileSync(join(box.cwd, 'servers.json'), JSON.stringify({ mcpServers: { guarded: { type: 'http', url: stack.serverUrl } } }));
    const started = await run('session', 'start');
    expect(started.code, started.stderr).toBe(0);
    expect(started.stdout).toMatch(/guarded +! needs sign-in/);
  }, 60_000);
  afterAll(async () => {
    await run('session', 'stop');
    await stack?.stop();
  });

  it('auth login signs the session in: its server connects, and calls go through it with no browser', async () => {
    const asking = await run('call', 'guarded', 'whoami');
    expect(asking.code).toBe(4);
    const login = await run('auth', 'login', 'guarded');
    expect(login.stderr, login.stdout).toContain('Signed in to guarded as alice');
    expect(login.stderr).toMatch(/Connected: \d+ tools/);
    // Said through the session: no paste offered (the session's stdin is not the person's).
    expect(login.stderr).not.toContain('paste');
    expect(login.code).toBe(0);
    expect(await waitForBrowserRuns(browser, 1)).toHaveLength(1);

    const status = await run('session', 'status');
    expect(status.stdout).toMatch(/✓ guarded/);
    const call = await run('call', 'guarded', 'whoami', '--json');
    expect(call.code, call.stderr).toBe(0);
    expect(call.stdout).toContain('alice');
    expect(browserRuns(browser)).toHaveLength(1);
    for (const text of box.printed) for (const secret of secretValues(box.secrets())) expect(text).not.toContain(secret);
  });

  it('auth logout deletes the tokens and the session asks again', async () => {
    const logout = await run('auth', 'logout', 'guarded');
    expect(logout.code, logout.stderr).toBe(0);
    expect(logout.stderr).toContain('Signed out of guarded');
    const status = await run('session', 'status');
    expect(status.stdout).toMatch(/! guarded +needs sign-in/);
    expect((await run('call', 'guarded', 'whoami')).code).toBe(4);
  });
});
