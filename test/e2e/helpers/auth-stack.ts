import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { startAuthorizationServer, type AuthorizationServer } from '../../fixtures/auth/authorization-server.mjs';
import { startProtectedServer, type ProtectedServer, type StepUp } from '../../fixtures/auth/protected-server.mjs';


/** The executable mcpdeck runs as `$BROWSER <url>`: it hands the URL to the suite's person at Chromium (global-setup.ts). */
const BROWSER = fileURLToPath(new URL('../../fixtures/auth/browser.mjs', import.meta.url));

export interface AuthStackOptions {
  /** Access token lifetime in seconds (default 600; a few seconds for a real expiry). */
  accessTokenTTL?: number;
  /** Every scope the authorization server grants for a resource (default mcp:tools, mcp:admin). */
  scopes?: string[];
  /** What the MCP server's 401 asks for (default ['mcp:tools']). */
  baseScopes?: string[];
  /** A tool that answers 403 insufficient_scope without this scope, e.g. {tool: 'admin_reset', scope: 'mcp:admin'}. */
  stepUp?: StepUp;
  /** Pre-registered clients: {client_id, client_secret?, redirect_uris, token_endpoint_auth_method?}. */
  clients?: Record<string, unknown>[];
}

export interface AuthStack {
  issuer: string;
  /** The first protected MCP server's URL. */
  serverUrl: string;
  as: AuthorizationServer;
  server: ProtectedServer;
  /** Another MCP server behind the same authorization server (stopped with the stack). */
  addServer: (options?: { baseScopes?: string[]; stepUp?: StepUp }) => Promise<ProtectedServer>;
  stop: () => Promise<void>;
}

/** An authorization server and a protected MCP server, in this process, on 127.0.0.1. */
export async function startAuthStack(options: AuthStackOptions = {}): Promise<AuthStack> {
  const as = await startAuthorizationServer({ accessTokenTTL: options.accessTokenTTL, scopes: options.scopes, clients: options.clients });
  const servers: ProtectedServer[] = [];
  const addServer: AuthStack['addServer'] = async (more = {}) => {
    const server = await startProtectedServer({ issuer: as.issuer, scopes: more.baseScopes ?? options.baseScopes, stepUp: more.stepUp ?? options.stepUp });
    servers.push(server);
    return server;
  };
  const stop = async () => {
    await Promise.allSettled(servers.map((s) => s.stop()));
    await as.stop();
  };
  try {
    const server = await addServer();
    return { issuer: as.issuer, serverUrl: server.url, as, server, addServer, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export type BrowserMode = 'consent' | 'deny' | 'forged' | 'paste' | 'wrong-iss' | 'follow';

/** What browser.mjs wrote down for one run. */
export interface BrowserRun {
  mode: BrowserMode;
  url: string;
  pages: string[];
  ms: number;
  /** forged: what the callback listener answered the forged request. */
  forged?: { status: number; text: string };
  outcome: {
    result: 'callback' | 'pasted' | 'failed';
    /** callback / pasted: the callback URL (code redacted) and what it carried. */
    url?: string;
    code?: boolean;
    state?: string | null;
    error?: string | null;
    error_description?: string | null;
    /** callback: the HTTP status and the first 500 characters the callback page showed. */
    status?: number;
    text?: string;
    /** failed: why, what the page showed, a screenshot. */
    reason?: string;
    page?: { url: string; title: string; text: string };
    screenshot?: string;
  };
}

/**
 * Env vars for mcpdeck so that its "open the browser" drives Chromium as `mode` says.
 * MCPDECK_TEST_BROWSER_LOG collects one line per run; paste mode also gets
 * MCPDECK_TEST_CALLBACK_FILE. `extra` is merged last (e.g. MCPDECK_TEST_USER).
 */
export function browserEnv(mode: BrowserMode = 'consent', extra: Record<string, string> = {}): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-browser-'));
  return {
    BROWSER,
    MCPDECK_TEST_PERSON: inject('person'),
    MCPDECK_TEST_BROWSER: mode,
    MCPDECK_TEST_BROWSER_LOG: join(dir, 'runs.jsonl'),
    MCPDECK_TEST_CALLBACK_FILE: join(dir, 'callback-url.txt'),
    ...extra,
  };
}

/** The runs finished so far, oldest first (none if the browser was never opened). */
export function browserRuns(env: Record<string, string>): BrowserRun[] {
  const log = env.MCPDECK_TEST_BROWSER_LOG;
  if (!log || !existsSync(log)) return [];
  return readFileSync(log, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as BrowserRun);
}

/** Resolves once `count` runs finished; throws at once with the page a failed run saw. */
export async function waitForBrowserRuns(env: Record<string, string>, count = 1, ms = 35_000): Promise<BrowserRun[]> {
  const end = Date.now() + ms;
  for (;;) {
    const runs = browserRuns(env);
    const failed = runs.find((r) => r.outcome.result === 'failed');
    if (failed) throw new Error(`the browser failed: ${JSON.stringify(failed.outcome, null, 2)}`);
    if (runs.length >= count) return runs;
    if (Date.now() > end) throw new Error(`timed out waiting for ${count} browser run(s); saw ${runs.length}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Paste mode: the callback URL the browser stopped at, once it was written. */
export async function pastedCallback(env: Record<string, string>, ms = 35_000): Promise<string> {
  await waitForBrowserRuns(env, 1, ms);
  return readFileSync(env.MCPDECK_TEST_CALLBACK_FILE!, 'utf8');
}
