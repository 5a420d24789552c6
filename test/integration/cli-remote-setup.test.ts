// Setting up a remote server from a clean clone, as a new user did: `add <name> <url>`
// against a server that speaks only the older HTTP+SSE transport, then `status`, the
// deck's own view of it, and `auth login` / `logout` on a server that asks for no sign-in.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Exit, EXIT_MEANINGS } from '../../src/cli/exit-codes.js';
import { infoLines } from '../../src/ui/server/info-lines.js';
import { deckWith, state } from './helpers/deck.js';
import { runCli, sandbox } from './helpers/cli.js';
import { startEverything, type RunningServer } from './helpers/everything.js';

let sse: RunningServer;
beforeAll(async () => {
  sse = await startEverything('sse');
});
afterAll(async () => {
  await sse?.stop();
});

/** A sandbox whose sign-ins listen on any free port, so parallel tests never meet on the default one. */
function box() {
  const b = sandbox();
  b.env.MCPDECK_OAUTH_CALLBACK_PORT = '0';
  return b;
}
const catalog = (b: ReturnType<typeof sandbox>) => JSON.parse(readFileSync(join(b.env.MCPDECK_CONFIG_DIR!, 'servers.json'), 'utf8')).mcpServers;

interface StatusRow {
  name: string;
  status: string;
  transport: string | null;
  fallback: string | null;
  error: string | null;
}

describe('add <name> <url>, then status, against an SSE-only server', () => {
  it('leaves the transport open, so it connects over SSE, and every view says sse and why, once', async () => {
    const b = box();
    const added = await runCli(['add', 'guess', sse.url], b);
    expect(added.code, added.stderr).toBe(0);
    expect(catalog(b)).toEqual({ guess: { url: sse.url } });
    const json = await runCli(['status', '--json'], b);
    expect(json.code, json.stderr).toBe(0);
    // No warning about the missing type either: it is how `add` writes a URL.
    expect(json.stderr).toBe('');
    const [row] = JSON.parse(json.stdout) as StatusRow[];
    expect(row).toMatchObject({ name: 'guess', status: 'connected', transport: 'sse' });
    expect(row!.fallback).toBe(`${sse.url} answered HTTP 404 to Streamable HTTP, so mcpdeck connected with the older HTTP+SSE transport (set "type": "sse" to skip the first try)`);
    const text = await runCli(['status'], b);
    expect(text.stdout).toMatch(/^guess\s+✓ connected\s+sse\s/m);
    expect(text.stdout.split(row!.fallback!)).toHaveLength(2);
  });

  it('writes the transport given with --transport; http on an /sse URL says to try sse, not to end the URL in /sse', async () => {
    const b = box();
    expect((await runCli(['add', 'typed', '--transport', 'http', sse.url], b)).code).toBe(0);
    expect((await runCli(['add', 'old', '-t', 'sse', sse.url], b)).code).toBe(0);
    expect(catalog(b)).toEqual({ typed: { type: 'http', url: sse.url }, old: { type: 'sse', url: sse.url } });
    const r = await runCli(['status', '--json'], b);
    const rows = JSON.parse(r.stdout) as StatusRow[];
    expect(rows.find((s) => s.name === 'old')).toMatchObject({ status: 'connected', transport: 'sse', fallback: null });
    const typed = rows.find((s) => s.name === 'typed')!;
    expect(typed).toMatchObject({ status: 'failed', transport: 'http' });
    expect(typed.error).toMatch(/ answered HTTP 404: .*; the server may speak the older HTTP\+SSE transport: set "type": "sse" in its entry \(or give --transport sse\)$/);
    expect(typed.error).not.toContain('/mcp or /sse');
  });

  it('the deck shows the transport in use; its Info tab and its log say why', async () => {
    const deck = await deckWith({ guess: { url: sse.url } });
    try {
      await deck.connectAll();
      const s = state(deck, 'guess');
      expect(s.status).toBe('connected');
      expect(s.transport).toBe('sse');
      const notes = s.logs.filter((l) => l.logger === 'mcpdeck' && String(l.data).includes('answered HTTP 404 to Streamable HTTP'));
      expect(notes).toHaveLength(1);
      const info = infoLines(s, 400).map((l) => l.text);
      expect(info.find((l) => l.startsWith('Transport'))).toMatch(/^Transport\s+sse\b/);
      expect(info.some((l) => l.includes(String(notes[0]!.data)))).toBe(true);
    } finally {
      await deck.close();
    }
  });
});

describe('auth on a server that asks for no sign-in', () => {
  it('login says so first, in one line with no page in it, and exits 0; logout says there was nothing to delete', async () => {
    const b = box();
    expect((await runCli(['add', 'guess', sse.url], b)).code).toBe(0);
    const login = await runCli(['auth', 'login', 'guess', '--no-browser'], b);
    // Nothing to do: the server can be used as it is.
    expect(login.code).toBe(Exit.ok);
    // server-everything answers the registration with an Express 404 page.
    expect(login.stderr).not.toMatch(/<|DOCTYPE/);
    expect(login.stderr).toBe(
      'guess: the server does not ask for sign-in (a request without a token got no 401 or 403): mcpdeck connects without one, and signs in if it asks later; ' +
        'signing in anyway failed: the authorization server refused to register mcpdeck as a client (HTTP 404: Error Cannot POST /register)\n',
    );
    const logout = await runCli(['auth', 'logout', 'guess'], b);
    expect(logout.code).toBe(0);
    expect(logout.stderr).toBe('guess was not signed in: there was nothing to delete.\n');
  });
});

describe('mcpdeck --help', () => {
  it('lists every exit code there is, in the words of the README, and what test and fuzz mean by theirs', async () => {
    const r = await runCli(['--help'], sandbox());
    const footer = r.stdout.slice(r.stdout.indexOf('Exit codes:'));
    const flat = footer.replace(/\s+/g, ' ');
    for (const [key, code] of Object.entries(Exit)) {
      expect(footer, `exit code ${code}`).toMatch(new RegExp(`^  ${code} +\\S`, 'm'));
      expect(flat).toContain(`${code} ${EXIT_MEANINGS[key as keyof typeof Exit]}`.replace(/ +/g, ' '));
    }
    expect(flat).toContain('5 the server refused the request (or does not offer what the command needs), or it timed out, or a task failed');
    expect(flat).toContain('2 for a test file that is missing or malformed');
  });
});
