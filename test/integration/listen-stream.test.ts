// vitest: mostly waiting (the listen stream's 5 s to open, and its retry)
// The subscriptions/listen stream of a 2026-07-28 server (the v2 server SDK) behind a
// real HTTP bridge. One that buffers whole responses (as some proxies and serverless
// platforms do) lets the answers through but never opens the stream: the server works and
// is shown as working; live updates are off, and said to be. One that passes streams on
// shows what each POST carried.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith, state, waitFor, waitForStatus } from './helpers/deck.js';
import { resultText } from './helpers/elicit.js';
import { freePort } from './helpers/everything.js';

const MODERN = fileURLToPath(new URL('../fixtures/servers/modern-server.mjs', import.meta.url));
const BRIDGE = fileURLToPath(new URL('../fixtures/servers/http-bridge.mjs', import.meta.url));

/** A fixture on a free port; `output` collects what it prints. */
async function start(args: string[]): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, args, { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (\S+)/.exec(output);
      if (found) resolve(found[1]!);
    });
  });
  return { child, url, output: () => output };
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
}

describe('a 2026 server whose listen stream never opens', () => {
  let server: ChildProcess;
  let bridge: ChildProcess;
  let bridgeOutput: () => string;
  let deck: Deck;

  beforeAll(async () => {
    const modern = await start([MODERN, 'http', 'reject']);
    server = modern.child;
    const bridged = await start([BRIDGE, modern.url]);
    bridge = bridged.child;
    bridgeOutput = bridged.output;
    // A connect timeout well above the few seconds the listen stream gets to open.
    deck = await deckWith({ bridged: { type: 'http', url: bridged.url, timeout: 20_000 } });
    void deck.connectAll();
  }, 30_000);

  afterAll(async () => {
    await deck?.close();
    await stop(bridge);
    await stop(server);
  });

  it('is connected with its lists, and answers calls', async () => {
    const s = await waitForStatus(deck, 'bridged', ['connected', 'failed'], 30_000);
    expect(s.error).toBeUndefined();
    expect(s.status).toBe('connected');
    expect(s.protocolEra).toBe('modern');
    expect(s.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'greet']));
    expect(s.prompts.length).toBeGreaterThan(0);
    expect(resultText(await deck.callTool('bridged', 'echo', { text: 'through the bridge' }))).toBe('echo: through the bridge');
  }, 40_000);

  it('says live updates are off, as a warning, and stays connected', async () => {
    await waitFor(deck, () => state(deck, 'bridged').logs.some((l) => /live updates off: the listen stream did not open/.test(String(l.data))), 'the warning', 30_000);
    const warning = state(deck, 'bridged').logs.find((l) => /live updates off/.test(String(l.data)))!;
    expect(warning.level).toBe('warning');
    expect(String(warning.data)).toMatch(/trying again in/);
    expect(state(deck, 'bridged').status).toBe('connected');
  }, 40_000);

  it('tries the stream again until it opens, then hears the server\'s changes', async () => {
    bridge.kill('SIGUSR1');
    await waitForOutput(bridgeOutput, /passing streams through/);
    const logs = () => state(deck, 'bridged').logs.map((l) => String(l.data));
    await waitFor(deck, () => logs().includes('live updates on: the listen stream opened'), 'the stream opened on a later try', 40_000);
    await deck.callTool('bridged', 'add_tool', {});
    await waitFor(deck, () => state(deck, 'bridged').tools.some((t) => t.name === 'added'), 'the changed tool list');
  }, 60_000);
});

describe('a 2026 server whose listen stream opens', () => {
  it('closes it with a POST that carries Mcp-Method, as every POST must (SEP-2243)', async () => {
    const modern = await start([MODERN, 'http', 'reject']);
    const bridge = await start([BRIDGE, modern.url, 'pass']);
    const deck = await deckWith({ passed: { type: 'http', url: bridge.url } });
    try {
      await deck.connectAll();
      expect(state(deck, 'passed').status).toBe('connected');
      // A list change heard proves the stream open.
      await deck.callTool('passed', 'add_tool', {});
      await waitFor(deck, () => state(deck, 'passed').tools.some((t) => t.name === 'added'), 'the changed tool list');
      await deck.close();
      // Its line reaches us through the bridge's stdout, maybe after the close is done.
      await waitForOutput(bridge.output, /post \S+ notifications\/cancelled/);
      const posts = bridge.output().split('\n').filter((line) => line.startsWith('post '));
      expect(posts, bridge.output()).toContain('post notifications/cancelled notifications/cancelled');
      expect(posts.filter((line) => line.startsWith('post - '))).toEqual([]);
    } finally {
      await deck.close();
      await stop(bridge.child);
      await stop(modern.child);
    }
  });
});

function waitForOutput(output: () => string, pattern: RegExp, ms = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      if (pattern.test(output())) return resolve();
      if (Date.now() - started > ms) return reject(new Error(`no ${pattern} in: ${output()}`));
      setTimeout(check, 20);
    };
    check();
  });
}
