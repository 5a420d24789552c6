// A 2026-07-28 server behind an HTTP bridge that buffers whole responses (as some
// proxies and serverless platforms do): its answers arrive, its listen stream never opens.
// The server works and is shown as working; live updates are off, and said to be.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith, state, waitFor, waitForStatus } from './helpers/deck.js';
import { resultText } from './helpers/elicit.js';
import { freePort } from './helpers/everything.js';

const MODERN = fileURLToPath(new URL('../fixtures/servers/modern-server.mjs', import.meta.url));
const BRIDGE = fileURLToPath(new URL('../fixtures/servers/buffering-bridge.mjs', import.meta.url));

async function start(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, args, { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      const found = /listening on (\S+)/.exec(chunk.toString());
      if (found) resolve(found[1]!);
    });
  });
  return { child, url };
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
  let deck: Deck;

  beforeAll(async () => {
    const modern = await start([MODERN, 'http', 'reject']);
    server = modern.child;
    const bridged = await start([BRIDGE, modern.url]);
    bridge = bridged.child;
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
});
