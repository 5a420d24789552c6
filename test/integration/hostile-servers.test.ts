// Hold up against hostile servers: wherever a server controls the input (a byte stream,
// a regular expression, a URL that carries a secret, its process and its notifications),
// mcpdeck stays bounded in memory and time, fails that one server with a reason that
// names the bound, and keeps the healthy neighbour connected and callable.
// The CLI runs with a 200 MB heap: a stream read without a cap would crash it.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpdeck-hostile-'));
  execFileSync(process.execPath, [join(ROOT, 'bin', 'ensure-built.js')], { cwd: ROOT, stdio: 'pipe' });
}, 120_000);

afterEach(async () => {
  await Promise.all(decks.splice(0).map((deck) => deck.close()));
});

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
