import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AuthManager } from '../../../src/core/auth/manager.js';
import type { Deck } from '../../../src/core/deck.js';
import { openSecretStore } from '../../../src/core/secrets/store.js';
import { startAuthorizationServer, type AuthorizationServer } from '../../fixtures/auth/authorization-server.mjs';
import { startProtectedServer, type ProtectedServer, type StepUp } from '../../fixtures/auth/protected-server.mjs';
import { deckWith } from '../../integration/helpers/deck.js';

export interface AuthDeck {
  deck: Deck;
  as: AuthorizationServer;
  server: ProtectedServer;
  /** Every URL the deck asked a browser to open. */
  opened: string[];
  stop: () => Promise<void>;
}

/**
 * A real authorization server, a protected MCP server behind it ("remote") and a stdio
 * server ("local"), in a deck whose sign-ins are kept in a temporary file and whose
 * browser only writes down what it was asked to open. Callbacks listen on any free port.
 */
export async function authDeck(options: { stepUp?: StepUp; oauth?: Record<string, unknown>; another?: boolean } = {}): Promise<AuthDeck> {
  const as = await startAuthorizationServer();
  const server = await startProtectedServer({ issuer: as.issuer, stepUp: options.stepUp });
  const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-auth-ui-'));
  const opened: string[] = [];
  const auth = new AuthManager({
    env: { MCPDECK_CONFIG_DIR: dir, MCPDECK_OAUTH_CALLBACK_PORT: '0' },
    secrets: () => openSecretStore({ dir }),
    openBrowser: async (url) => void opened.push(url),
  });
  const deck = await deckWith({
    remote: { type: 'http', url: server.url, ...(options.oauth && { oauth: options.oauth }) },
    // Another name for the same server: two servers that need sign-in.
    ...(options.another && { again: { type: 'http', url: server.url } }),
    local: { command: process.execPath, args: [fileURLToPath(new URL('../../fixtures/servers/healthy.mjs', import.meta.url))] },
  }, { auth });
  return {
    deck, as, server, opened,
    stop: async () => {
      await deck.close();
      await server.stop();
      await as.stop();
    },
  };
}

/**
 * A person at oidc-provider's login and consent pages, with fetch: follows the redirects
 * from the authorization URL, logs in as `user`, consents, and returns the callback URL
 * the browser would be sent to (without loading it).
 */
export async function consent(authorizationUrl: string, user = 'alice'): Promise<string> {
  const cookies = new Map<string, string>();
  let next: { url: string; init?: RequestInit } = { url: authorizationUrl };
  for (let hop = 0; hop < 20; hop++) {
    const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(next.url, { ...next.init, redirect: 'manual', headers: { ...(next.init?.headers as Record<string, string>), cookie } });
    for (const set of res.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
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
    if (!action || !prompt) throw new Error(`an unexpected page (${res.status}): ${html.slice(0, 300)}`);
    const form: Record<string, string> = prompt === 'login' ? { prompt, login: user, password: 'any' } : { prompt };
    next = { url: new URL(action, next.url).href, init: { method: 'POST', body: new URLSearchParams(form), headers: { 'content-type': 'application/x-www-form-urlencoded' } } };
  }
  throw new Error('too many redirects');
}

/** The frame with the overlay's URL rows joined back into one URL (it wraps at the overlay's width). */
export function shownUrl(frame: string): string {
  const rows = frame.split('\n');
  const first = rows.findIndex((r) => /│ url {7}/.test(r));
  if (first < 0) return '';
  const parts: string[] = [];
  for (let i = first; i < rows.length; i++) {
    const m = /^│ (?:url {7}| {10})(\S+)\s*│$/.exec(rows[i]!);
    if (!m) break;
    parts.push(m[1]!);
  }
  return parts.join('');
}
