import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserEnv, startAuthStack, waitForBrowserRuns, type AuthStack } from './helpers/auth-stack.js';
import { authSandbox } from './helpers/auth-cli.js';
import { openTerminal } from './helpers/tmux.js';
import { harErrors } from '../helpers/har.js';

// A JWT (oidc-provider's access tokens are JWTs: resource indicators are on), or an Authorization header's credentials.
const TOKEN_SHAPE = /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}|authorization"?:\s*"?(Bearer|DPoP) (?!••••••)/i;

// The Network view of a remote server through a real sign-in (oidc-provider, Chromium):
// the refused request, the discovery, registration and token requests, and the retry,
// each with its status, and no secret on the screen or in the HAR.
describe('HTTP exchanges through a sign-in', () => {
  let stack: AuthStack;
  beforeAll(async () => {
    stack = await startAuthStack();
  });
  afterAll(() => stack?.stop());

  it('the deck: the Log tab\'s network pane shows 401, metadata, registration, token and the retry, no secret shown', async () => {
    const browser = browserEnv('consent');
    const env = { ...browser, MCPDECK_OAUTH_CALLBACK_PORT: '0' };
    const term = openTerminal({ notes: { type: 'http', url: stack.serverUrl } }, { columns: 140, rows: 45, env });
    try {
      await term.waitFor('notes needs sign-in: select it and press a');
      await term.keys('a');
      await waitForBrowserRuns(browser, 1);
      await term.waitFor(/✓ connected/, 20_000);
      await term.keys('Enter');
      await term.waitFor(/Tools.*Log/);
      await term.keys('4');
      await term.waitFor('network');
      await term.keys('t', 't', 't');
      const path = new URL(stack.serverUrl).pathname;
      const list = await term.waitFor(new RegExp(`POST\\s+200\\s+127\\.0\\.0\\.1:\\d+${path}`), 20_000);
      expect(list).toMatch(new RegExp(`POST\\s+401\\s+127\\.0\\.0\\.1:\\d+${path}`));
      expect(list).toMatch(/GET\s+200\s+\S+\/\.well-known\/oauth-protected-resource/);
      expect(list).toMatch(/GET\s+200\s+\S+\/\.well-known\/(oauth-authorization-server|openid-configuration)/);
      expect(list).toMatch(/POST\s+201\s+\S+\/reg/);
      expect(list).toMatch(/POST\s+200\s+\S+\/token/);
      // The refused request comes before the sign-in, the accepted one after its token.
      const rows = list.split('\n');
      const refused = rows.findIndex((r) => /POST\s+401/.test(r));
      const token = rows.findIndex((r) => /\/token/.test(r));
      const retried = rows.findIndex((r, i) => i > token && new RegExp(`POST\\s+200\\s+\\S+${path}`).test(r));
      expect(refused).toBeLessThan(token);
      expect(retried).toBeGreaterThan(token);
      expect(list).not.toMatch(TOKEN_SHAPE);
      // The retry, opened: its Authorization masked.
      await term.keys('G', 'Enter');
      const opened = await term.waitFor('request headers');
      expect(opened).toContain('authorization: Bearer ••••••');
      expect(opened).not.toMatch(TOKEN_SHAPE);
    } finally {
      term.stop();
    }
  });

  it('the command line: --trace-http writes HAR 1.2 of the sign-in and the call, valid by its schema, with no secret', async () => {
    const browser = browserEnv('consent');
    const box = authSandbox(browser);
    const har = join(box.cwd, 'trace.har');
    const call = await box.run(['call', '--url', stack.serverUrl, 'whoami', '--json', '--sign-in', 'auto', '--trace-http', har]);
    expect(call.code, call.stderr).toBe(0);
    const text = readFileSync(har, 'utf8');
    const doc = JSON.parse(text) as { log: { entries: { request: { method: string; url: string }; response: { status: number } }[] } };
    expect(harErrors(doc)).toEqual([]);
    const seen = doc.log.entries.map((e) => `${e.request.method} ${e.response.status} ${new URL(e.request.url).pathname}`);
    const path = new URL(stack.serverUrl).pathname;
    expect(seen).toContain(`POST 401 ${path}`);
    expect(seen).toContain(`POST 200 ${path}`);
    expect(seen.some((s) => /^POST 200 .*\/token$/.test(s))).toBe(true);
    expect(text).not.toMatch(TOKEN_SHAPE);
    const saved = JSON.stringify(box.secrets());
    const access = /"access_token":"([^"]+)"/.exec(saved)?.[1];
    const refresh = /"refresh_token":"([^"]+)"/.exec(saved)?.[1];
    expect(access).toBeTruthy();
    expect(refresh).toBeTruthy();
    expect(text).not.toContain(access!);
    expect(text).not.toContain(refresh!);
    expect(text).toMatch(/"name": "authorization",\s*"value": "Bearer ••••••"/);
    expect(statSync(har).mode & 0o777).toBe(0o600);
  });
});
