// Hold up against hostile servers: wherever a server controls the input (a byte stream,
// a regular expression, a URL that carries a secret, its process and its notifications),
// mcpdeck stays bounded in memory and time, fails that one server with a reason that
// names the bound, and keeps the healthy neighbour connected and callable.
// The CLI runs with a 200 MB heap: a stream read without a cap would crash it.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDeck, type Deck } from '../../src/core/deck.js';
import type { ServerState } from '../../src/core/servers/state.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (name: string) => join(ROOT, 'test', 'fixtures', 'servers', name);
const stdio = (name: string, timeout = 5000, args: string[] = []) => ({ command: process.execPath, args: [fixture(name), ...args], timeout });
const HEALTHY = { healthy: stdio('healthy.mjs') };

let dir: string;
const decks: Deck[] = [];
const httpServers: Server[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpdeck-hostile-'));
  execFileSync(process.execPath, [join(ROOT, 'bin', 'ensure-built.js')], { cwd: ROOT, stdio: 'pipe' });
}, 120_000);

afterEach(async () => {
  await Promise.all(decks.splice(0).map((deck) => deck.close()));
  await Promise.all(httpServers.splice(0).map((server) => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  })));
});

/** An HTTP server on a loopback port; its base URL. */
async function listen(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  httpServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

let configCount = 0;
function writeConfig(servers: Record<string, unknown>): string {
  const path = join(dir, `config-${++configCount}.json`);
  writeFileSync(path, JSON.stringify({ mcpServers: servers }, null, 2));
  return path;
}

async function openDeck(servers: Record<string, unknown>): Promise<Deck> {
  const deck = await createDeck({ cwd: dir, env: process.env, configFiles: [writeConfig(servers)], strict: true });
  decks.push(deck);
  return deck;
}

function state(deck: Deck, name: string): ServerState {
  const found = deck.getSnapshot().servers.find((s) => s.name === name);
  if (!found) throw new Error(`no server ${name} in the snapshot`);
  return found;
}

/** The healthy neighbour is connected and answers a call. */
async function neighbourIsFine(deck: Deck): Promise<void> {
  expect(state(deck, 'healthy').status).toBe('connected');
  const outcome = await deck.callTool('healthy', 'echo', { text: 'still here' });
  expect(JSON.stringify(outcome.result.content)).toContain('still here');
}

/** Runs the CLI as a person would, with a small heap and a hard stop, without colour. */
function cli(args: string[], servers: Record<string, unknown>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const config = writeConfig(servers);
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--max-old-space-size=200', join(ROOT, 'bin', 'mcpdeck.js'), ...args, '--strict', '--config', config],
      { cwd: dir, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' }, timeout: 30_000, killSignal: 'SIGKILL', encoding: 'utf8', maxBuffer: 8 * 2 ** 20 },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

describe('a server\'s regular expressions', () => {
  it('checks an output schema with ^(a+)+$ against 34 a\'s and a "!" at once, as a mismatch beside the result', async () => {
    const deck = await openDeck({ patterns: stdio('backtracking-pattern.mjs'), ...HEALTHY });
    await deck.connectAll();
    const outcome = await deck.callTool('patterns', 'spell', {});
    expect(outcome.output).toEqual({ valid: false, errors: ['"word" must match pattern "^(a+)+$"'] });
    await neighbourIsFine(deck);
  });

  it('tells the CLI user about the mismatch at once', async () => {
    const { code, stdout, stderr } = await cli(['call', 'patterns', 'spell'], { patterns: stdio('backtracking-pattern.mjs') });
    expect(code, stderr).toBe(0);
    expect(stdout).toContain(`${'a'.repeat(34)}!`);
    expect(stderr).toContain('warning: structured content does not match the output schema: "word" must match pattern "^(a+)+$"');
  });
});

describe('secrets in server URLs', () => {
  const html500: RequestListener = (_req, res) => {
    res.writeHead(500, { 'content-type': 'text/html' });
    res.end('<h1>upstream crashed</h1>');
  };
  /** A server answering 500 at a URL with an access token; one with a password in its URL; one refusing connections. */
  async function secretServers() {
    const base = await listen(html500);
    const closed = await listen(html500);
    httpServers.pop()?.close();
    const port = new URL(base).port;
    const gone = new URL(closed).port;
    const password = `http://alice:••••••@127.0.0.1:${port}/mcp?page=2`;
    return {
      servers: {
        answers500: { type: 'http', url: `${base}/mcp?access_token=SECRET-1&page=2`, timeout: 5000 },
        password: { type: 'http', url: `http://alice:hunter2@127.0.0.1:${port}/mcp?page=2`, timeout: 5000 },
        refused: { type: 'sse', url: `http://127.0.0.1:${gone}/sse?key=SECRET-2`, timeout: 5000 },
        ...HEALTHY,
      },
      masked: {
        answers500: `${base}/mcp?access_token=••••••&page=2 answered HTTP 500: upstream crashed`,
        password: `${password}: Request cannot be constructed from a URL that includes credentials: ${password}`,
        refused: `nothing is listening at http://127.0.0.1:${gone}/sse?key=•••••• (connection refused)`,
      },
    };
  }

  it('are masked in the reason the deck keeps', async () => {
    const { servers, masked } = await secretServers();
    const deck = await openDeck(servers);
    await deck.connectAll();
    for (const [name, reason] of Object.entries(masked)) expect(state(deck, name).error).toBe(reason);
    await neighbourIsFine(deck);
  });

  it('are masked in status, status --json and tools', async () => {
    const { servers, masked } = await secretServers();
    const status = await cli(['status'], servers);
    for (const reason of Object.values(masked)) expect(status.stdout).toContain(reason);
    expect(status.stdout).toMatch(/healthy\s+✓ connected/);
    const json = await cli(['status', '--json'], servers);
    const rows = JSON.parse(json.stdout) as { name: string; error?: string }[];
    for (const [name, reason] of Object.entries(masked)) expect(rows.find((r) => r.name === name)?.error).toBe(reason);
    const tools = await cli(['tools', 'answers500'], servers);
    expect(tools.stderr).toContain(masked.answers500);
    for (const out of [status, json, tools]) expect(out.stdout + out.stderr).not.toMatch(/SECRET-|hunter2/);
  });
});
