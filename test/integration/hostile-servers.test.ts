// Hold up against hostile servers: wherever a server controls the input (a byte stream,
// a regular expression, a URL that carries a secret, its process and its notifications),
// mcpdeck stays bounded in memory and time, fails that one server with a reason that
// names the bound, and keeps the healthy neighbour connected and callable.
// The CLI runs with a 200 MB heap: a stream read without a cap would crash it.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import type { ServerState } from '../../src/core/servers/state.js';
import { scratch } from './helpers/scratch.js';
import { alive } from './helpers/process.js';
import { freePort } from './helpers/everything.js';
import { fixture } from '../helpers/servers.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const stdio = (name: string, timeout = 5000, args: string[] = []) => ({ command: process.execPath, args: [fixture(name), ...args], timeout });
const HEALTHY = { healthy: stdio('healthy.mjs') };

const box = scratch('mcpdeck-hostile-');
const { writeConfig, openDeck, listen } = box;
const processes: ChildProcess[] = [];

beforeAll(() => {
  execFileSync(process.execPath, [join(ROOT, 'bin', 'ensure-built.mjs')], { cwd: ROOT, stdio: 'pipe' });
}, 120_000);

afterEach(() => {
  for (const child of processes.splice(0)) child.kill('SIGKILL');
});

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
      { cwd: box.dir, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' }, timeout: 30_000, killSignal: 'SIGKILL', encoding: 'utf8', maxBuffer: 8 * 2 ** 20 },
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
    const port = new URL(base).port;
    const gone = await freePort();
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

  it('are masked in the sign-in trace: auth doctor (text and --json) and auth status', async () => {
    const { servers } = await secretServers();
    const outputs = [
      await cli(['auth', 'doctor', 'answers500'], servers),
      await cli(['auth', 'doctor', 'refused', '--json'], servers),
      await cli(['auth', 'status'], servers),
      await cli(['auth', 'status', '--json'], servers),
    ];
    expect(outputs[0]!.stdout).toContain('access_token=••••••');
    expect(outputs[1]!.stdout).toContain('key=••••••');
    for (const out of outputs) expect(out.stdout + out.stderr).not.toMatch(/SECRET-|hunter2/);
  });
});

/** Starts test/fixtures/servers/endless-sse.mjs in `mode`; its base URL once it listens. */
async function endlessServer(mode: 'connect' | 'call' | 'json' | 'legacy' | 'events'): Promise<string> {
  const child = spawn(process.execPath, [fixture('endless-sse.mjs'), mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  processes.push(child);
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', () => reject(new Error('endless-sse.mjs exited')));
  });
  return `http://127.0.0.1:${port}`;
}

const SSE_LINE = 'the server sent an SSE line longer than 16 MiB; mcpdeck stops reading at that size';

describe('a remote server that sends without end', () => {
  it('fails at connect with the cap it broke, over Streamable HTTP and legacy SSE, while the neighbour stays connected', async () => {
    const http = await endlessServer('connect');
    const legacy = await endlessServer('legacy');
    const deck = await openDeck({ endless: { type: 'http', url: `${http}/mcp`, timeout: 20_000 }, old: { type: 'sse', url: `${legacy}/sse`, timeout: 20_000 }, ...HEALTHY });
    await deck.connectAll();
    expect(state(deck, 'endless')).toMatchObject({ status: 'failed', error: SSE_LINE });
    await waitFor(deck, 'old', (s) => s.status === 'failed');
    expect(state(deck, 'old').error).toBe(SSE_LINE);
    await neighbourIsFine(deck);
  });

  it('fails during a call: an endless data line, an endless event, an endless JSON body; the call says why', async () => {
    const servers = { line: await endlessServer('call'), event: await endlessServer('events'), body: await endlessServer('json') };
    const deck = await openDeck({ ...Object.fromEntries(Object.entries(servers).map(([name, url]) => [name, { type: 'http', url: `${url}/mcp`, timeout: 20_000 }])), ...HEALTHY });
    await deck.connectAll();
    const reasons = {
      line: SSE_LINE,
      event: 'the server sent an SSE event larger than 16 MiB; mcpdeck stops reading at that size',
      body: 'the server sent an HTTP response body larger than 100 MiB; mcpdeck stops reading at that size',
    };
    for (const [name, reason] of Object.entries(reasons)) {
      expect(state(deck, name).status).toBe('connected');
      const error = await deck.callTool(name, 'flood', {}).catch((e: unknown) => e as Error);
      expect((error as Error).message).toContain(reason);
      expect(state(deck, name)).toMatchObject({ status: 'failed', error: reason });
    }
    await neighbourIsFine(deck);
  });

  it('ends `mcpdeck status` with that reason in a 200 MB heap, the neighbour connected', async () => {
    const http = await endlessServer('connect');
    const { code, stdout, stderr } = await cli(['status'], { endless: { type: 'http', url: `${http}/mcp`, timeout: 20_000 }, ...HEALTHY });
    expect(code, stderr).toBe(3);
    expect(stdout).toMatch(/endless\s+✗ failed/);
    expect(stdout).toContain(`└ ${SSE_LINE}`);
    expect(stdout).toMatch(/healthy\s+✓ connected/);
  });

  it('ends `mcpdeck call` during the call with that reason in a 200 MB heap', async () => {
    const http = await endlessServer('call');
    const { code, stderr } = await cli(['call', 'endless', 'flood'], { endless: { type: 'http', url: `${http}/mcp`, timeout: 20_000 } });
    expect(code).toBe(3);
    expect(stderr).toBe(`mcpdeck: the connection closed during the call: ${SSE_LINE}\n`);
  });
});

/** Resolves when the server's state satisfies `test`. */
async function waitFor(deck: Deck, name: string, test: (s: ServerState) => boolean, ms = 15_000): Promise<ServerState> {
  await vi.waitFor(() => {
    if (!test(state(deck, name))) throw new Error(`${name} is ${state(deck, name).status}: ${state(deck, name).error ?? ''}`);
  }, { timeout: ms, interval: 20 });
  return state(deck, name);
}

async function gone(pid: number): Promise<void> {
  await vi.waitFor(() => {
    if (alive(pid)) throw new Error(`process ${pid} is still running`);
  }, { timeout: 5000, interval: 50 });
}

describe('stdio servers and their processes', () => {
  it('fails a server that closed its stdout but kept running, at once and with that reason (at connect and during a call)', async () => {
    const deck = await openDeck({ early: stdio('closes-stdout.mjs', 20_000, ['start']), late: stdio('closes-stdout.mjs', 20_000), ...HEALTHY });
    await deck.connectAll();
    const reason = 'the server closed its output (stdout) but kept running; mcpdeck stopped it';
    expect(state(deck, 'early')).toMatchObject({ status: 'failed', error: reason });
    expect(state(deck, 'late').status).toBe('connected');
    const pid = state(deck, 'late').pid!;
    // The call's own timeout is 20 s: it fails long before, with the reason.
    const error = await deck.callTool('late', 'close', {}, { timeout: 20_000 }).catch((e: unknown) => e as Error);
    expect((error as Error).message).toContain(reason);
    expect(state(deck, 'late')).toMatchObject({ status: 'failed', error: reason });
    await gone(pid);
    await neighbourIsFine(deck);
  });

  it('ends the workers of a server that exits by itself, even one that ignores SIGTERM', async () => {
    const pidFile = join(box.dir, 'worker-crash.pid');
    const deck = await openDeck({ crasher: stdio('spawns-worker.mjs', 5000, [pidFile]), ...HEALTHY });
    await deck.connectAll();
    const worker = Number(readFileSync(pidFile, 'utf8'));
    expect(alive(worker)).toBe(true);
    await deck.callTool('crasher', 'crash', {}).catch(() => undefined);
    expect(state(deck, 'crasher').error).toMatch(/^the server process exited with code 3/);
    await gone(worker);
    await neighbourIsFine(deck);
  });

  it('leaves no worker behind when mcpdeck quits (the deck closes, or a CLI command ends)', async () => {
    const pidFile = join(box.dir, 'worker-quit.pid');
    const deck = await openDeck({ workers: stdio('spawns-worker.mjs', 5000, [pidFile]) });
    await deck.connectAll();
    const worker = Number(readFileSync(pidFile, 'utf8'));
    expect(alive(worker)).toBe(true);
    await deck.close();
    await gone(worker);

    const cliPidFile = join(box.dir, 'worker-cli.pid');
    const { code } = await cli(['status'], { workers: stdio('spawns-worker.mjs', 5000, [cliPidFile]) });
    expect(code).toBe(0);
    await gone(Number(readFileSync(cliPidFile, 'utf8')));
  });
});

describe('a server that announces changes without end', () => {
  it('costs at most two more tools/list for 5,000 list_changed notifications (one in flight, one queued)', async () => {
    const deck = await openDeck({ storm: stdio('list-changed-storm.mjs'), ...HEALTHY });
    await deck.connectAll();
    const count = async () => Number(((await deck.callTool('storm', 'count', {})).result.content[0] as { text: string }).text);
    expect(await count()).toBe(1);
    expect(state(deck, 'storm').tools.map((t) => t.name)).toEqual(['storm', 'count']);
    expect(state(deck, 'storm').listNotes?.tools).toBe('1 malformed tool left out: item 3 "broken" (inputSchema: Invalid input: expected object, received string)');
    await deck.callTool('storm', 'storm', {});
    // Once the deck shows a refreshed list, a queued refresh (if any) was sent before the next call.
    const refreshed = await waitFor(deck, 'storm', (s) => s.tools.some((t) => t.description !== 'listed 1'));
    const lists = await count();
    expect(lists).toBeGreaterThanOrEqual(2);
    expect(lists).toBeLessThanOrEqual(3);
    await waitFor(deck, 'storm', (s) => s.tools.some((t) => t.description === `listed ${lists}`));
    expect(await count()).toBe(lists);
    expect(refreshed.status).toBe('connected');
    await neighbourIsFine(deck);
  });
});

describe('a server that sends a JSON-RPC batch', () => {
  it('over Streamable HTTP: the batch in an SSE event is noted in the Log tab, not dropped without a word; the call goes on', async () => {
    const child = spawn(process.execPath, [fixture('sends-batch-http.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
    processes.push(child);
    const url = await new Promise<string>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(d.toString().replace('listening on ', '').trim())));
    const deck = await openDeck({ batcher: { type: 'http', url }, ...HEALTHY });
    await deck.connectAll();
    const outcome = await deck.callTool('batcher', 'batch', {});
    expect(outcome.result.content).toEqual([{ type: 'text', text: 'after the batch' }]);
    const logged = state(deck, 'batcher').logs.map((l) => JSON.stringify(l)).join('\n');
    expect(logged).toContain('the server sent a message mcpdeck cannot read (not one JSON-RPC message: a JSON-RPC batch, which MCP has not had since 2025-06-18, or not JSON-RPC at all); it was ignored');
    expect(state(deck, 'batcher').status).toBe('connected');
    await neighbourIsFine(deck);
  });


  it('refuses the requests in it with -32600 and notes the batch in the Log tab, the session going on', async () => {
    const deck = await openDeck({ batcher: stdio('sends-batch.mjs'), ...HEALTHY });
    await deck.connectAll();
    await deck.callTool('batcher', 'batch', {});
    const text = async () => ((await deck.callTool('batcher', 'seen', {})).result.content[0] as { text: string }).text;
    await vi.waitFor(async () => expect(await text()).not.toBe('nothing'), { timeout: 5000, interval: 50 });
    expect(JSON.parse(await text())).toMatchObject({ code: -32600 });
    const logged = state(deck, 'batcher').logs.map((l) => JSON.stringify(l));
    expect(logged.join('\n')).toContain('the server sent a JSON-RPC batch of 2 messages, which MCP does not allow; mcpdeck refused 1 request in it and ignored the rest');
    expect(state(deck, 'batcher').status).toBe('connected');
    await neighbourIsFine(deck);
  });
});
