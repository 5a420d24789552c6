// vitest: mostly waiting (connect timeouts of servers that never answer)
// Bad input gets a clear error and loses nothing: every failure a user can meet
// shows a reason they can act on, and one broken server never touches another.
import { execFile, execFileSync } from 'node:child_process';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { ToolCallError } from '../../src/core/mcp/call.js';
import type { ServerState } from '../../src/core/servers/state.js';
import { scratch } from './helpers/scratch.js';
import { fixture } from '../helpers/servers.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const stdio = (name: string, timeout = 5000) => ({ command: process.execPath, args: [fixture(name)], timeout });

const box = scratch('mcpdeck-failures-');
const { writeConfig, openDeck } = box;

function state(deck: Deck, name: string): ServerState {
  const found = deck.getSnapshot().servers.find((s) => s.name === name);
  if (!found) throw new Error(`no server ${name} in the snapshot`);
  return found;
}

/** Resolves when the server's state satisfies `test`; rejects with the last state after `timeout` ms. */
function waitFor(deck: Deck, name: string, test: (s: ServerState) => boolean, timeout = 10_000): Promise<ServerState> {
  return new Promise((resolve, reject) => {
    let unsubscribe = () => {};
    const timer = setTimeout(() => {
      unsubscribe();
      const s = state(deck, name);
      reject(new Error(`timed out waiting for ${name}; last status ${s.status}: ${s.error ?? '(no error)'}`));
    }, timeout);
    const check = () => {
      const s = state(deck, name);
      if (!test(s)) return false;
      clearTimeout(timer);
      unsubscribe();
      resolve(s);
      return true;
    };
    unsubscribe = deck.subscribe(check);
    check();
  });
}

/** Connects every server and returns the one named `name` once it has settled. */
async function connectOne(servers: Record<string, unknown>, name: string): Promise<ServerState> {
  const deck = await openDeck(servers);
  await deck.connectAll();
  return state(deck, name);
}

const listen = async (handler: RequestListener) => `${await box.listen(handler)}/mcp`;

/** A port on which nothing listens: bound once, then released. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let built = false;
/** The CLI tests run bin/mcpdeck.js, which needs dist/ up to date with src/. */
function ensureBuilt(): void {
  if (!built) execFileSync(process.execPath, [join(ROOT, 'bin', 'ensure-built.mjs')], { cwd: ROOT, stdio: 'pipe' });
  built = true;
}

/** Runs the CLI without colour (nothing but the server's text could put an ESC in the output). */
function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [join(ROOT, 'bin', 'mcpdeck.js'), ...args],
      { cwd: box.dir, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' }, timeout: 20_000, encoding: 'utf8' },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

describe('stdio servers that fail to start', () => {
  it('names a command that is not on PATH', async () => {
    const s = await connectOne({ missing: { command: 'mcpdeck-no-such-command-4711', args: [], timeout: 2000 } }, 'missing');
    expect(s.status).toBe('failed');
    expect(s.error).toBe('command not found on PATH: mcpdeck-no-such-command-4711');
  });

  it('names the error of a Node server that cannot start, not the lines around it', async () => {
    const s = await connectOne({ missing: { command: process.execPath, args: ['/nonexistent-mcpdeck-server.js'], timeout: 5000 } }, 'missing');
    expect(s.status).toBe('failed');
    expect(s.error).toMatch(/^the server process exited with code 1; stderr: Error: Cannot find module '\/nonexistent-mcpdeck-server\.js'/);
    expect(s.error).not.toContain('Node.js v');
  });

  it('gives the exit code and the last stderr lines of a server that exits at once', async () => {
    const s = await connectOne({ quitter: stdio('exit-at-once.mjs') }, 'quitter');
    expect(s.status).toBe('failed');
    expect(s.error).toBe(
      'the server process exited with code 3; stderr: starting fixture server | error: DATABASE_URL is not set | fatal: cannot continue',
    );
    // The full tail is kept on the record too.
    expect(s.stderr).toContain('fatal: cannot continue');
    expect(s.pid).toBeUndefined();
  });

  it('mentions the non-protocol text a server prints on stdout when it never answers', async () => {
    const s = await connectOne({ chatty: stdio('garbage-stdout.mjs', 1500) }, 'chatty');
    expect(s.status).toBe('failed');
    expect(s.error).toMatch(/^no answer to initialize within 1.5 s; it printed non-protocol text on stdout: /);
    // The last such line, with its colour codes stripped, and what to do about it.
    expect(s.error).toContain('"Loaded 3 plugins OK"');
    expect(s.error).toContain('must write only JSON-RPC on stdout');
    // Not the exit code of the process mcpdeck itself stopped after the timeout.
    expect(s.error).not.toContain('exited');
    expect(s.error).not.toMatch(/[\u001b\u0007\u009b]/);
  });

  it('times out a server that never answers initialize, saying how to allow more time', async () => {
    const started = Date.now();
    const s = await connectOne({ mute: stdio('silent.mjs', 1000) }, 'mute');
    expect(Date.now() - started).toBeLessThan(8000);
    expect(s.status).toBe('failed');
    expect(s.error).toBe('no answer to initialize within 1 s (raise "timeout" in the config if it is just slow)');
  });

  it('explains an unsupported protocol version', async () => {
    const s = await connectOne({ ancient: stdio('bad-protocol-version.mjs') }, 'ancient');
    expect(s.status).toBe('failed');
    expect(s.error).toMatch(/^the server wants MCP protocol version 1999-01-01; mcpdeck speaks /);
    expect(s.error).toContain('2025-06-18');
  });

  it('shows the error a server answers initialize with, not the exit that follows', async () => {
    const s = await connectOne({ picky: stdio('refuses-initialize.mjs') }, 'picky');
    expect(s.status).toBe('failed');
    expect(s.error).toBe('the server refused to initialize: license key missing (error -32602); stderr: rejecting client: license key missing');
  });

  it('says when the initialize answer is not an MCP initialize result', async () => {
    const s = await connectOne({ sloppy: stdio('malformed-initialize.mjs') }, 'sloppy');
    expect(s.status).toBe('failed');
    expect(s.error).toBe(
      "the server's answer to initialize is not a valid MCP initialize result " +
        '(capabilities: Invalid input: expected object, received undefined; serverInfo: Invalid input: expected object, received undefined)',
    );
  });
});

describe('reconnecting', () => {
  it("does not blame a new failure on the previous run's stderr", async () => {
    const marker = join(box.dir, `marker-${Date.now()}`);
    const deck = await openDeck({ twice: { command: process.execPath, args: [fixture('fails-then-silent.mjs'), marker], timeout: 1000 } });
    await deck.connectAll();
    expect(state(deck, 'twice').error).toBe('the server process exited with code 3; stderr: fatal: first run failure');
    await deck.reconnect('twice');
    const s = state(deck, 'twice');
    expect(s.status).toBe('failed');
    expect(s.error).toBe('no answer to initialize within 1 s (raise "timeout" in the config if it is just slow)');
    // The tail on the record may keep the history; the reason is about this attempt only.
    expect(s.stderr).toContain('fatal: first run failure');
  });
});

describe('a server that dies mid-call', () => {
  beforeAll(ensureBuilt, 120_000);

  it('rejects the pending call as not-connected and marks the server failed with the exit code', async () => {
    const deck = await openDeck({ fragile: stdio('dies-mid-call.mjs') });
    await deck.connectAll();
    expect(state(deck, 'fragile').status).toBe('connected');
    expect(state(deck, 'fragile').tools.map((t) => t.name)).toEqual(['crash']);

    const error = await deck.callTool('fragile', 'crash', {}, { timeout: 10_000 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ToolCallError);
    expect((error as ToolCallError).kind).toBe('not-connected');

    const s = await waitFor(deck, 'fragile', (x) => x.status === 'failed');
    expect(s.error).toMatch(/^the server process exited with code 7/);
    expect(s.error).toContain('panic: segmentation fault in crash()');
    expect(s.pid).toBeUndefined();

    // A later call says why, instead of hanging.
    const again = await deck.callTool('fragile', 'crash', {}).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ToolCallError);
    expect((again as ToolCallError).kind).toBe('not-connected');
    expect((again as ToolCallError).message).toContain('exited with code 7');
  });

  it('tells the CLI user why a call died with the server', async () => {
    const crashing = writeConfig({ fragile: stdio('dies-mid-call.mjs') });
    const { code, stdout, stderr } = await cli(['call', 'fragile', 'crash', '--strict', '--config', crashing]);
    expect(stdout).toBe('');
    expect(code, stderr).toBe(3);
    expect(stderr).toMatch(/^mcpdeck: the connection closed during the call/);
    expect(stderr).toContain('the server process exited with code 7');
    expect(stderr).toContain('panic: segmentation fault in crash()');
  });
});

describe('a server that answers a call with its own error', () => {
  it('shows the server\'s -32000 error as its error, in the deck and the CLI; the server stays connected', async () => {
    const deck = await openDeck({ db: stdio('server-error.mjs') });
    await deck.connectAll();
    const error = await deck.callTool('db', 'query', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolCallError);
    expect((error as ToolCallError).kind).toBe('protocol');
    expect((error as ToolCallError).message).toBe('the server refused the call: database is locked (error -32000)');
    expect(state(deck, 'db').status).toBe('connected');

    const { code, stdout, stderr } = await cli(['call', 'db', 'query', '--config', writeConfig({ db: stdio('server-error.mjs') })]);
    expect(stdout).toBe('');
    expect(stderr).toBe('mcpdeck: the server refused the call: database is locked (error -32000)\n');
    expect(code).toBe(5);
  });
});

describe('remote servers that answer wrongly', () => {
  const html500: RequestListener = (_req, res) => {
    res.writeHead(500, { 'content-type': 'text/html' });
    res.end('<!doctype html><html><head><title>Oops</title></head><body><h1>Internal Server Error</h1><p>upstream crashed</p></body></html>');
  };
  const notFound: RequestListener = (_req, res) => {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not Found');
  };
  const unauthorized: RequestListener = (_req, res) => {
    res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="mcp"' });
    res.end(JSON.stringify({ error: 'invalid_token' }));
  };
  const blog: RequestListener = (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<html><body>Welcome to my blog</body></html>');
  };

  it('shows the status and the text of an HTML 500 page, without the markup', async () => {
    const url = await listen(html500);
    const s = await connectOne({ broken: { type: 'http', url, timeout: 5000 } }, 'broken');
    expect(s.status).toBe('failed');
    expect(s.error).toBe(`${url} answered HTTP 500: Oops Internal Server Error upstream crashed`);
  });

  it('shows a 404 and says to check the URL', async () => {
    const url = await listen(notFound);
    const s = await connectOne({ nowhere: { type: 'http', url, timeout: 5000 } }, 'nowhere');
    expect(s.status).toBe('failed');
    expect(s.error).toBe(`${url} answered HTTP 404: Not Found; check the URL (MCP endpoints often end in /mcp or /sse)`);
  });

  it('treats a 401 as needs-auth, not as a failure', async () => {
    const url = await listen(unauthorized);
    const s = await connectOne({ locked: { type: 'http', url, timeout: 5000 } }, 'locked');
    expect(s.status).toBe('needs-auth');
    expect(s.error).toBe(`${url} needs sign-in: not signed in`);
  });

  it('says an HTML page is not an MCP server', async () => {
    const url = await listen(blog);
    const s = await connectOne({ blog: { type: 'http', url, timeout: 5000 } }, 'blog');
    expect(s.status).toBe('failed');
    expect(s.error).toBe(`${url} did not answer as an MCP server: it answered with text/html; charset=utf-8 instead of JSON or an event stream; check the URL`);
  });

  it('says the same over SSE', async () => {
    const cases: [RequestListener, string, RegExp][] = [
      [html500, 'failed', /^URL answered HTTP 500$/],
      [notFound, 'failed', /^URL answered HTTP 404; check the URL/],
      [unauthorized, 'needs-auth', /^URL needs sign-in: not signed in$/],
      [blog, 'failed', /^URL did not answer as an MCP server: .*check the URL$/],
    ];
    for (const [handler, status, reason] of cases) {
      const url = await listen(handler);
      const s = await connectOne({ old: { type: 'sse', url, timeout: 5000 } }, 'old');
      expect(s.status, url).toBe(status);
      expect(s.error?.replace(url, 'URL'), url).toMatch(reason);
    }
  });

  it('falls back to SSE on a 404 when the type was not given, and reports the 404', async () => {
    const methods: string[] = [];
    const url = await listen((req, res) => {
      methods.push(req.method ?? '?');
      notFound(req, res);
    });
    const s = await connectOne({ untyped: { url, timeout: 5000 } }, 'untyped');
    // The era probe (server/discover), the 2025 initialize, then the SSE stream.
    expect(methods).toEqual(['POST', 'POST', 'GET']);
    expect(s.status).toBe('failed');
    expect(s.error).toMatch(new RegExp(`^${escape(url)} answered HTTP 404; check the URL`));
  });

  it('says nothing is listening when the connection is refused', async () => {
    const url = `http://127.0.0.1:${await freePort()}/mcp`;
    for (const type of ['http', 'sse'] as const) {
      const s = await connectOne({ gone: { type, url, timeout: 5000 } }, 'gone');
      expect(s.status, type).toBe('failed');
      expect(s.error, type).toBe(`nothing is listening at ${url} (connection refused)`);
    }
  });

  it('keeps the cause of a fetch failure that is none of the known ones', async () => {
    // Port 9 is on fetch's list of blocked ports: it fails before any connection.
    const url = 'http://127.0.0.1:9/mcp';
    const s = await connectOne({ blocked: { type: 'http', url, timeout: 5000 } }, 'blocked');
    expect(s.error).toBe(`${url}: fetch failed: bad port`);
  });
});

describe('one broken server never affects another', () => {
  it('connects the healthy server while its neighbours fail', async () => {
    const deck = await openDeck({
      quitter: stdio('exit-at-once.mjs'),
      missing: { command: 'mcpdeck-no-such-command-4711', timeout: 2000 },
      mute: stdio('silent.mjs', 1500),
      healthy: stdio('healthy.mjs', 10_000),
    });
    await deck.connectAll();
    expect(state(deck, 'quitter').status).toBe('failed');
    expect(state(deck, 'missing').status).toBe('failed');
    expect(state(deck, 'mute').status).toBe('failed');
    const healthy = state(deck, 'healthy');
    expect(healthy.status).toBe('connected');
    expect(healthy.error).toBeUndefined();
    expect(healthy.tools.map((t) => t.name)).toEqual(['echo']);
    const outcome = await deck.callTool('healthy', 'echo', { text: 'still here' });
    expect(outcome.result.content).toEqual([{ type: 'text', text: 'still here' }]);

    // Reconnecting a broken one fails again, and leaves the healthy one alone.
    await deck.reconnect('quitter');
    expect(state(deck, 'quitter').status).toBe('failed');
    expect(state(deck, 'healthy').status).toBe('connected');
  });
});

describe('terminal control sequences from a server', () => {
  // ESC, BEL and 8-bit CSI above all, but no C0/C1 control (bar \t and \n) and no bidi override either.
  const HOSTILE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
  let config: string;

  beforeAll(() => {
    ensureBuilt();
    config = writeConfig({ hostile: stdio('hostile-text.mjs') });
  }, 120_000);

  it('keeps them raw in the core: they are data', async () => {
    const deck = await openDeck({ hostile: stdio('hostile-text.mjs') });
    await deck.connectAll();
    const s = state(deck, 'hostile');
    expect(s.status).toBe('connected');
    const evil = s.tools.find((t) => t.name.startsWith('evil'))!;
    expect(evil.name).toBe('evil\u001b[2Jtool');
    expect(evil.description).toContain('\u001b]52;c;');
    const outcome = await deck.callTool('hostile', evil.name, {});
    const [text] = outcome.result.content;
    expect(text).toMatchObject({ type: 'text' });
    expect((text as { text: string }).text).toContain('\u009b31m');
  });

  it.each([
    ['tools', ['tools', 'hostile']],
    ['call (plain name)', ['call', 'hostile', 'plain']],
    ['call (hostile name)', ['call', 'hostile', 'evil\u001b[2Jtool']],
    ['call of an unknown tool', ['call', 'hostile', 'nope\u001b[2J\u0007']],
    ['status', ['status']],
  ])('never prints them from `mcpdeck %s`', async (_label, args) => {
    const { code, stdout, stderr } = await cli([...args, '--strict', '--config', config]);
    expect(stdout + stderr).not.toContain('unexpected error');
    expect(stdout + stderr).not.toMatch(HOSTILE);
    if (args[0] === 'tools' || args[0] === 'status' || args[2] === 'plain') expect(code, stderr).toBe(0);
    // Shown as visible markers, not stripped: a person sees something was there.
    if (args[0] === 'tools') expect(stdout).toContain('evil⟦ESC[2J⟧tool');
    if (args[0] === 'tools') expect(stdout).toContain('read⟦ZWSP⟧_file');
    if (args[2] === 'plain') expect(stdout).toContain('result');
    if (args[2]?.startsWith('nope')) expect(stderr).toContain('hostile has no tool "nope⟦ESC[2J⟧␇"');
  });

  // JSON output is for programs, so the data stays whole: but escaped (\u009b), never
  // raw, because it is just as often printed on a terminal.
  it.each([
    ['tools --json', ['tools', 'hostile', '--json'], (v: unknown) => JSON.stringify(v).includes('hostile result \u009b')],
    ['call --json', ['call', 'hostile', 'plain', '--json'], (v: unknown) => JSON.stringify(v).includes('\u009b31m')],
    ['status --json', ['status', '--json'], (v: unknown) => JSON.stringify(v).includes('hostile\u009b')],
  ])('never prints them raw from `mcpdeck %s`, but keeps the data', async (_label, args, keeps) => {
    const { code, stdout, stderr } = await cli([...args, '--strict', '--config', config]);
    expect(code, stderr).toBe(0);
    expect(keeps(JSON.parse(stdout))).toBe(true);
    expect(stdout + stderr).not.toMatch(HOSTILE);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
