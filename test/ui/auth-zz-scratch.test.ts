import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { AuthManager } from '../../src/core/auth/manager.js';
import { openSecretStore } from '../../src/core/secrets/store.js';
import { startAuthorizationServer } from '../fixtures/auth/authorization-server.mjs';
import { startProtectedServer } from '../fixtures/auth/protected-server.mjs';
import { deckWith, waitForStatus } from '../integration/helpers/deck.js';

async function consent(url: string): Promise<string> {
  const jar = new Map<string, string>();
  let next: { url: string; init?: RequestInit } = { url };
  for (let i = 0; i < 20; i++) {
    const res = await fetch(next.url, { ...next.init, redirect: 'manual', headers: { ...(next.init?.headers as object), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const c of res.headers.getSetCookie()) { const [pair] = c.split(';'); const [k, v] = pair!.split('='); jar.set(k!.trim(), v ?? ''); }
    const location = res.headers.get('location');
    if (location) {
      const target = new URL(location, next.url).href;
      if (new URL(target).pathname === '/callback') return target;
      next = { url: target };
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected page ${res.status}: ${html.slice(0, 300)}`);
    const body = new URLSearchParams(prompt === 'login' ? { prompt, login: 'alice', password: 'x' } : { prompt });
    next = { url: new URL(action, next.url).href, init: { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } } };
  }
  throw new Error('too many hops');
}

it('scratch', async () => {
  const as = await startAuthorizationServer();
  const server = await startProtectedServer({ issuer: as.issuer });
  const tmp = mkdtempSync(join(tmpdir(), 'auth-'));
  const opened: string[] = [];
  const auth = new AuthManager({ env: { MCPDECK_CONFIG_DIR: tmp, MCPDECK_OAUTH_CALLBACK_PORT: '0' }, secrets: () => openSecretStore({ dir: tmp, prefer: 'file' }), openBrowser: async (url) => { opened.push(url); } });
  const deck = await deckWith({ remote: { type: 'http', url: server.url } }, { auth });
  await deck.connectAll();
  const attempt = deck.signIn('remote');
  await new Promise<void>((r) => { const off = auth.subscribe(() => { if (auth.getSnapshot().attempts[0]?.phase === 'browser') { off(); r(); } }); });
  const cb = await consent(attempt.snapshot.authorizationUrl!);
  console.log(cb.replace(/code=[^&]+/, 'code=X'));
  console.log(attempt.paste(cb));
  const end = await attempt.done;
  console.log(end.phase, end.error, JSON.stringify(end.steps.slice(-4)));
  await waitForStatus(deck, 'remote', ['connected']);
  const rec = await auth.credentials.read(server.url);
  console.log(rec?.subject, rec?.scopes, rec?.expiresAt, !!rec?.tokens?.refresh_token);
  await as.stop();
  await auth.credentials.remove(server.url);
  const a2 = deck.signIn('remote');
  const end2 = await a2.done;
  console.log(end2.phase, end2.error, JSON.stringify(end2.steps, null, 1));
  await deck.close(); await server.stop();
});
