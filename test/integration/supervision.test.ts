// vitest: mostly waiting (restart backoff and dropped streams)
// A server that dies is restarted with backoff and says so; one that floods or
// oversizes stdout is cut off with the reason; an HTTP server that forgets the
// session or drops its event stream gets a new session. Every time, the healthy
// neighbour in the same deck stays connected and callable.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import type { RestartPolicy } from '../../src/core/servers/supervisor.js';
import { restartNote } from '../../src/core/servers/status-label.js';
import { startFlakyServer, type FlakyServer } from '../fixtures/servers/flaky-http.mjs';
import { deckWith, state, waitFor, waitForStatus } from './helpers/deck.js';
import { fixture } from '../helpers/servers.js';
import { until } from '../helpers/until.js';

const node = (name: string, ...args: string[]) => ({ command: process.execPath, args: [fixture(name), ...args], timeout: 10_000 });
/** Short waits so a whole crash loop fits in a test; the doubling is the real one. */
const RESTART: RestartPolicy = { tries: 3, delay: 100, maxDelay: 1000, stableAfter: 60_000 };

let dir: string;
let deck: Deck | undefined;
let flaky: FlakyServer | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpdeck-supervision-'));
});

afterEach(async () => {
  await deck?.close();
  await flaky?.stop();
  deck = flaky = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function open(servers: Record<string, unknown>, before?: (d: Deck) => void): Promise<Deck> {
  deck = await deckWith(servers, { demo: true, restart: RESTART });
  before?.(deck);
  await deck.connectAll();
  return deck;
}

/** The neighbour is untouched: still connected, and a call goes through. */
async function neighbourFine(d: Deck): Promise<void> {
  expect(state(d, 'demo').status).toBe('connected');
  const outcome = await d.callTool('demo', 'echo', { message: 'still here' });
  expect(JSON.stringify(outcome.result.content)).toContain('still here');
}

const logText = (d: Deck, name: string) => state(d, name).logs.filter((l) => l.logger === 'mcpdeck').map((l) => String(l.data));

describe('a stdio server that dies', () => {
  it('is restarted with backoff, shows the count, the exit code and stderr, and recovers', async () => {
    // Two crashes at start, then the third start serves.
    const seen = new Set<string>();
    const d = await open({ flappy: node('crash-then-recover.mjs', join(dir, 'starts'), '2') }, (d) => d.subscribe(() => {
      const s = state(d, 'flappy');
      // The countdown is read when the change is heard: 1s, or 0s when that is late (a loaded machine).
      if (s.status === 'failed' && s.restart) seen.add(`${s.error} | ${restartNote(s.restart, s.status)!.replace(/ in [01]s$/, ' in ≤1s')}`);
    }));
    await waitForStatus(d, 'flappy', ['connected']);
    expect([...seen]).toEqual([
      'the server process exited with code 3; stderr: start 1: error: cannot open the database | restarting 1/3 in ≤1s',
      'the server process exited with code 3; stderr: start 2: error: cannot open the database | restarting 2/3 in ≤1s',
    ]);
    expect(state(d, 'flappy').restart).toBeUndefined();
    expect(logText(d, 'flappy')).toEqual([
      expect.stringMatching(/code 3.*; restart 1\/3 in 100 ms$/),
      expect.stringMatching(/code 3.*; restart 2\/3 in 200 ms$/),
    ]);
    await neighbourFine(d);
  });

  it('stops a crash loop after the tries, says so, and a manual reconnect still works', async () => {
    const d = await open({ broken: node('crash-then-recover.mjs', join(dir, 'starts'), '4') });
    await waitFor(d, () => state(d, 'broken').restart?.at === undefined && state(d, 'broken').status === 'failed' && state(d, 'broken').restart?.attempt === 3, 'the loop to give up');
    const s = state(d, 'broken');
    expect(s.error).toBe('the server process exited with code 3; stderr: start 4: error: cannot open the database');
    expect(restartNote(s.restart, s.status)).toBe('gave up after 3 tries');
    expect(logText(d, 'broken').at(-1)).toMatch(/gave up after 3 restarts \(reconnect to try again\)$/);
    await neighbourFine(d);
    // The fifth start serves: a person's reconnect gets there, with a fresh count.
    await d.reconnect('broken');
    expect(state(d, 'broken')).toMatchObject({ status: 'connected', restart: undefined });
  });

  it('fails a call in flight at once with the exit code, then restarts the server', async () => {
    const d = await open({ flappy: node('crash-then-recover.mjs', join(dir, 'starts'), '0') });
    // A call deadline far beyond the test's: only the death of the server can end it in time.
    const call = d.callTool('flappy', 'crash', {}, { timeout: 10 * 60_000 });
    await expect(call).rejects.toThrow('the connection closed during the call: the server process exited with code 9; stderr: panic: out of cheese');
    expect(state(d, 'flappy').restart).toMatchObject({ kind: 'restart', attempt: 1, tries: 3 });
    await waitForStatus(d, 'flappy', ['connected']);
    expect((await d.callTool('flappy', 'echo', { text: 'back' })).isError).toBe(false);
    await neighbourFine(d);
  });

  it('does not restart a command that is not there', async () => {
    const d = await open({ missing: { command: 'mcpdeck-no-such-command', args: [] } });
    expect(state(d, 'missing')).toMatchObject({ status: 'failed', error: 'command not found on PATH: mcpdeck-no-such-command', restart: undefined });
    await neighbourFine(d);
  });
});

describe('a server that misuses stdout', () => {
  it('is cut off when it floods stdout with non-JSON lines, and not restarted', async () => {
    const d = await open({ chatty: node('stdout-flood.mjs') });
    const s = await waitForStatus(d, 'chatty', ['failed']);
    expect(s.error).toMatch(/^the server flooded stdout with text that is not JSON-RPC \(over 1,000 lines or 4 MiB in a second\); an MCP stdio server must write only protocol messages on stdout, logs go to stderr/);
    expect(s.restart).toBeUndefined();
    await neighbourFine(d);
  });

  it('fails at connect when the flood comes before initialize', async () => {
    const d = await open({ chatty: node('stdout-flood.mjs', 'early') });
    expect(state(d, 'chatty')).toMatchObject({ status: 'failed', restart: undefined });
    expect(state(d, 'chatty').error).toMatch(/^the server flooded stdout/);
    await neighbourFine(d);
  });

  it('is cut off when one message is larger than the transport takes', async () => {
    const d = await open({ huge: node('oversized-message.mjs') });
    const s = await waitForStatus(d, 'huge', ['failed']);
    expect(s.error).toBe('the server sent a message over 100 MiB on stdout, more than mcpdeck takes');
    await neighbourFine(d);
  });

  it('times out a server that never answers initialize, with the reason', async () => {
    const d = await open({ mute: { ...node('silent.mjs'), timeout: 500 } });
    expect(state(d, 'mute').status).toBe('failed');
    expect(state(d, 'mute').error).toMatch(/^no answer to initialize within 0.5 s/);
    await neighbourFine(d);
  });

  it('fails a server that never answers its list requests at its own timeout, saying so', async () => {
    const d = await open({ mute: { ...node('mute-lists.mjs'), timeout: 500 } });
    expect(state(d, 'mute')).toMatchObject({
      status: 'failed',
      error: 'connected, but listing failed: no answer to tools/list within 500 ms (raise "timeout" in the config if it is just slow)',
    });
    await neighbourFine(d);
  });

  it('fails a server that answers tools/list with a bare array at once, saying what it sent', async () => {
    // A timeout longer than the test's own: waiting it out would fail the test.
    const d = await open({ bare: { ...node('bare-array-lists.mjs'), timeout: 120_000 } });
    expect(state(d, 'bare').status).toBe('failed');
    expect(state(d, 'bare').error).toMatch(/^connected, but listing failed: tools\/list: .*the server answered with a bare JSON array of 2 items where a result object belongs/);
    await neighbourFine(d);
  });

  it('says the same of a bare-array tools/list over HTTP, in words rather than the parser\'s issues', async () => {
    const child = spawn(process.execPath, [fixture('bare-array-lists.mjs'), 'http'], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const url = await new Promise<string>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(d.toString().replace('listening on ', '').trim())));
      const d = await open({ bare: { type: 'http', url, timeout: 120_000 } });
      expect(state(d, 'bare').status).toBe('failed');
      expect(state(d, 'bare').error).toBe('connected, but listing failed: tools/list: the server answered with a bare JSON array where a result object belongs (an MCP result is an object, such as { "tools": [...] } for tools/list)');
    } finally {
      child.kill();
    }
  });
});

describe('a Streamable HTTP server', () => {
  it('that forgot the session gets a new one, and the call is sent again once', async () => {
    flaky = await startFlakyServer();
    const d = await open({ remote: { type: 'http', url: flaky.url } });
    expect(state(d, 'remote').status).toBe('connected');
    flaky.expire();
    const outcome = await d.callTool('remote', 'echo', { text: 'after expiry' });
    expect(JSON.stringify(outcome.result.content)).toContain('after expiry');
    // One new session; the 404s are the call's POST and whatever else still held the old id.
    expect(flaky.log.initialize).toBe(2);
    expect(flaky.log.notFound).toBeGreaterThanOrEqual(1);
    expect(state(d, 'remote').status).toBe('connected');
    expect(logText(d, 'remote')).toContain('the server no longer knows this session (HTTP 404); starting a new one');
    await neighbourFine(d);
  });

  it('that dies fails a call in flight at once with the reason, then is reconnected with backoff', async () => {
    flaky = await startFlakyServer();
    const d = await open({ remote: { type: 'http', url: flaky.url } });
    const call = d.callTool('remote', 'slow', {}, { timeout: 10 * 60_000 });
    await until(() => flaky!.log.slow === 1, 'the slow call in the log');
    await flaky.stop();
    flaky = undefined;
    await expect(call).rejects.toThrow(/stopped answering: nothing is listening any more \(connection refused\)$/);
    expect(state(d, 'remote')).toMatchObject({ status: 'failed', restart: { kind: 'reconnect', attempt: 1 } });
    await neighbourFine(d);
  });

  it('reconnects when its event stream drops for good, and notifications arrive again', async () => {
    flaky = await startFlakyServer();
    const d = await open({ remote: { type: 'http', url: flaky.url } });
    await waitFor(d, () => flaky!.openStreams() === 1, 'the standalone stream');
    // The SDK retries twice, both refused, and gives up: mcpdeck opens a new session.
    flaky.dropStreams(2);
    await waitFor(d, () => flaky!.log.initialize === 2 && state(d, 'remote').status === 'connected', 'a new session', 15_000);
    expect(flaky.log.refusedGets).toBe(2);
    expect(logText(d, 'remote')[0]).toMatch(/the event stream dropped and did not come back; reconnect 1\/3/);
    await waitFor(d, () => flaky!.openStreams() === 1, 'the new standalone stream');
    flaky.grow();
    await waitFor(d, () => state(d, 'remote').tools.some((t) => t.name === 'grown_1'), 'tools/list_changed on the new stream');
    await neighbourFine(d);
  });
});
