// Sandboxed stdio servers (bubblewrap, socat and the sandbox runtime's proxy), against a
// fixture that really tries and against real servers from npm. A temporary home folder
// with a planted key and token: the person's own is never touched.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDeck, type Deck } from '../../src/core/deck.js';
import { state, waitForStatus } from './helpers/deck.js';
import { everythingStdio, fixtureServer } from '../helpers/servers.js';

const FILESYSTEM = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/dist/index.js');

/** A home folder with a key, a token file and mcpdeck's own folder; a project folder outside it. */
function world() {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'mcpdeck-test-sandbox-')));
  const home = join(base, 'home');
  mkdirSync(join(home, '.ssh'), { recursive: true });
  writeFileSync(join(home, '.ssh', 'id_rsa'), 'PRIVATE KEY');
  writeFileSync(join(home, '.npmrc'), '//registry.npmjs.org/:_authToken=npm_secret');
  mkdirSync(join(home, 'notes'));
  writeFileSync(join(home, 'notes', 'todo.txt'), 'a named note');
  const project = join(base, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'served.txt'), 'from the root');
  const env = { ...process.env, HOME: home, MCPDECK_CONFIG_DIR: join(home, '.config', 'mcpdeck'), SANDBOX_TEST_SECRET: 'do-not-pass', SANDBOX_TEST_NAMED: 'passed' };
  return { base, home, project, env };
}

let deck: Deck | undefined;
afterEach(async () => {
  await deck?.close();
  deck = undefined;
});

let web: Server;
let port: number;
beforeAll(async () => {
  web = createServer((_req, res) => res.end('hello from localhost'));
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  port = (web.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => web.close(() => resolve())));

async function open(w: ReturnType<typeof world>, servers: Record<string, unknown>): Promise<Deck> {
  const file = join(w.project, 'servers.json');
  writeFileSync(file, JSON.stringify({ mcpServers: servers }));
  deck = await createDeck({ cwd: w.project, env: w.env, configFiles: [file], strict: true });
  await deck.connectAll();
  for (const name of Object.keys(servers)) await waitForStatus(deck, name, ['connected']);
  return deck;
}

const call = async (d: Deck, server: string, tool: string, args: Record<string, unknown> = {}) => {
  const outcome = await d.callTool(server, tool, args);
  return { isError: outcome.isError, text: outcome.result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n') };
};

/** Processes whose command line holds `marker` (every user's, from /proc). */
function processesWith(marker: string): number[] {
  return readdirSync('/proc').filter((p) => /^\d+$/.test(p)).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
    } catch {
      return false;
    }
  }).map(Number);
}

describe('a sandboxed stdio server', () => {
  it('is refused a host not allowed, a token file and a write outside its folders; each is listed with its tool call', async () => {
    const w = world();
    const d = await open(w, { probe: { ...fixtureServer('sandbox-probe.mjs'), cwd: w.project, sandbox: { env: ['SANDBOX_TEST_NAMED'] } } });
    expect(state(d, 'probe').sandbox).toEqual({ denials: [], blocked: 0 });

    const fetched = await call(d, 'probe', 'fetch_url', { url: 'http://example.org/' });
    expect(fetched.isError).toBe(true);
    const token = await call(d, 'probe', 'read_file', { path: join(w.home, '.npmrc') });
    expect(token.isError).toBe(true);
    expect(token.text).not.toContain('npm_secret');
    const outside = await call(d, 'probe', 'write_file', { path: join(w.project, 'escaped.txt') });
    expect(outside.isError).toBe(true);
    expect(existsSync(join(w.project, 'escaped.txt'))).toBe(false);

    const { denials, blocked } = state(d, 'probe').sandbox!;
    expect(denials.map(({ kind, target, tool }) => ({ kind, target, tool }))).toEqual([
      { kind: 'network', target: 'example.org:80', tool: 'fetch_url' },
      { kind: 'read', target: join(w.home, '.npmrc'), tool: 'read_file' },
      { kind: 'write', target: join(w.project, 'escaped.txt'), tool: 'write_file' },
    ]);
    expect(blocked).toBe(3);
    expect(denials.every((x) => typeof x.at === 'number')).toBe(true);

    // Its own temp folder is writable; its environment holds what it names and nothing else of ours.
    const who = JSON.parse((await call(d, 'probe', 'whoami')).text) as { tmpdir: string; env: string[] };
    expect((await call(d, 'probe', 'write_file', { path: join(who.tmpdir, 'mine.txt') })).isError).toBe(false);
    expect(who.env).toContain('SANDBOX_TEST_NAMED');
    expect(who.env).not.toContain('SANDBOX_TEST_SECRET');
    expect(who.env).not.toContain('MCPDECK_CONFIG_DIR');
    // Its temp folder goes with it.
    expect(existsSync(who.tmpdir)).toBe(true);
    await d.close();
    deck = undefined;
    expect(existsSync(who.tmpdir)).toBe(false);
  });

  it('ends a child that detached into a session of its own with the server', async () => {
    const w = world();
    const d = await open(w, { probe: { ...fixtureServer('sandbox-probe.mjs'), sandbox: true } });
    const marker = `sandbox-detached-${process.pid}-${Date.now()}`;
    expect((await call(d, 'probe', 'fork_detached', { marker })).isError).toBe(false);
    expect(processesWith(marker).length).toBe(1);
    await d.close();
    deck = undefined;
    for (let i = 0; i < 50 && processesWith(marker).length; i++) await new Promise((r) => setTimeout(r, 100));
    expect(processesWith(marker)).toEqual([]);
  });

  it('reaches localhost only when its entry names it', async () => {
    const w = world();
    const d = await open(w, {
      named: { ...fixtureServer('sandbox-probe.mjs'), sandbox: { network: ['localhost'] } },
      unnamed: { ...fixtureServer('sandbox-probe.mjs'), sandbox: true },
    });
    expect(await call(d, 'named', 'fetch_url', { url: `http://localhost:${port}/` })).toEqual({ isError: false, text: 'hello from localhost' });
    expect((await call(d, 'unnamed', 'fetch_url', { url: `http://localhost:${port}/` })).isError).toBe(true);
    // Refused by the proxy, so listed (not lost in a network namespace where nothing listens).
    expect(state(d, 'unnamed').sandbox!.denials).toMatchObject([{ kind: 'network', target: `localhost:${port}`, tool: 'fetch_url' }]);
    expect(state(d, 'named').sandbox!.blocked).toBe(0);
  });
});

describe('real servers from npm, sandboxed', () => {
  it('server-filesystem serves its root and is refused ~/.ssh/id_rsa, the denial listed with its path', async () => {
    const w = world();
    const d = await open(w, { fs: { command: process.execPath, args: [FILESYSTEM, w.project, w.home], sandbox: true } });
    expect(await call(d, 'fs', 'read_text_file', { path: join(w.project, 'served.txt') })).toEqual({ isError: false, text: 'from the root' });
    const key = await call(d, 'fs', 'read_text_file', { path: join(w.home, '.ssh', 'id_rsa') });
    expect(key.isError).toBe(true);
    expect(key.text).not.toContain('PRIVATE KEY');
    expect(state(d, 'fs').sandbox!.denials).toContainEqual(expect.objectContaining({ kind: 'read', target: join(w.home, '.ssh', 'id_rsa'), tool: 'read_text_file' }));
  });

  it('server-everything runs its tools with no network; the one that fetches a URL is refused it, and it is listed', async () => {
    const w = world();
    const d = await open(w, { everything: { ...everythingStdio(), sandbox: true } });
    // Every tool that does not ask the person something (elicitation, sampling: a person answers those).
    const args: Record<string, Record<string, unknown>> = {
      echo: { message: 'inside' }, 'get-annotated-message': { messageType: 'success', includeImage: true }, 'get-env': {},
      'get-resource-links': { count: 2 }, 'get-resource-reference': {}, 'get-structured-content': { location: 'Chicago' },
      'get-sum': { a: 2, b: 3 }, 'get-tiny-image': {}, 'gzip-file-as-resource': { data: 'data:text/plain;base64,aGVsbG8=', name: 'hello.gz' },
      'toggle-simulated-logging': {}, 'toggle-subscriber-updates': {}, 'trigger-long-running-operation': { duration: 0.2, steps: 2 },
    };
    const tools = state(d, 'everything').tools.map((t) => t.name);
    expect(tools).toEqual(expect.arrayContaining(Object.keys(args)));
    for (const [tool, given] of Object.entries(args)) expect((await call(d, 'everything', tool, given)).isError, tool).toBe(false);
    expect(await call(d, 'everything', 'echo', { message: 'inside' })).toEqual({ isError: false, text: 'Echo: inside' });
    expect(state(d, 'everything').sandbox!.blocked).toBe(0);
    // Its default URL is on GitHub: no network, and the refusal is listed with the call.
    expect((await call(d, 'everything', 'gzip-file-as-resource', {})).isError).toBe(true);
    expect(state(d, 'everything').sandbox!.denials).toMatchObject([{ kind: 'network', target: 'raw.githubusercontent.com:443', tool: 'gzip-file-as-resource', seen: 'proxy' }]);
  });
});
