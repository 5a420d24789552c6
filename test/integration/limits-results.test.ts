// Huge results and descriptions from a real stdio server (test/fixtures/servers/big-results.mjs):
// the core keeps every byte, the view builds a bounded part of it with a note of the
// rest, the whole thing saves to a file, and the server next door never notices.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import type { CallOutcome } from '../../src/core/mcp/call.js';
import { buildResultView, VIEW_LIMITS } from '../../src/core/calls/result-view.js';
import { createResultSaver } from '../../src/core/calls/saver.js';
import { saveWholeResult } from '../../src/core/calls/whole-result.js';
import { deckWith, state, waitForStatus } from './helpers/deck.js';
import { runCli, sandbox } from './helpers/cli.js';

const BIG = fileURLToPath(new URL('../fixtures/servers/big-results.mjs', import.meta.url));
const MIB = 2 ** 20;
const SLOW = 120_000;

let deck: Deck;
let dir: string;
const saver = () => createResultSaver(mkdtempSync(join(dir, 'saved-')));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcpdeck-limits-'));
  deck = await deckWith({ big: { command: process.execPath, args: [BIG] } }, { demo: true });
  void deck.connectAll();
  await Promise.all([waitForStatus(deck, 'big', ['connected']), waitForStatus(deck, 'demo', ['connected'])]);
});

afterAll(async () => {
  await deck?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Both servers are still connected and answer a small call. */
async function bothStillWork(): Promise<void> {
  expect(state(deck, 'big').status).toBe('connected');
  expect(state(deck, 'demo').status).toBe('connected');
  expect((await deck.callTool('demo', 'echo', { message: 'still here' })).result.content).toEqual([{ type: 'text', text: 'still here' }]);
  expect((await deck.callTool('big', 'echo', { text: 'me too' })).result.content).toEqual([{ type: 'text', text: 'me too' }]);
}

const textOf = (outcome: CallOutcome, i = 0) => {
  const block = outcome.result.content[i]!;
  if (block.type !== 'text') throw new Error(`block ${i} is ${block.type}`);
  return block.text;
};

describe('a 50 MB text result', () => {
  it('arrives whole in the core; the view holds its first 2 MB and says how much more there is', async () => {
    const outcome = await deck.callTool('big', 'big_text', {});
    const text = textOf(outcome);
    expect(text.length).toBe(50 * MIB);
    expect(text.startsWith('BIG-TEXT-START\n')).toBe(true);
    expect(text.endsWith('\nBIG-TEXT-END')).toBe(true);

    const view = buildResultView(outcome, 'big_text', saver());
    expect(view.text.startsWith('BIG-TEXT-START\nlorem ipsum')).toBe(true);
    expect(view.text.length).toBeLessThan(VIEW_LIMITS.chars + 100);
    expect(view.text).not.toContain('BIG-TEXT-END');
    expect(view.text.endsWith('── cut here: 48.0 MB more not shown ──')).toBe(true);
    expect(view.cut).toEqual({ shown: view.text.length, total: view.text.length + 50 * MIB - VIEW_LIMITS.chars });
    expect(view.blocks).toEqual({ from: 0, to: 1, total: 1 });
    await bothStillWork();
  }, SLOW);

  it('one line of 50 MB without a newline is cut the same way', async () => {
    const outcome = await deck.callTool('big', 'long_line', {});
    const text = textOf(outcome);
    expect(text.length).toBe(50 * MIB);
    expect(text).not.toContain('\n');
    const view = buildResultView(outcome, 'long_line', saver());
    expect(view.text.split('\n')[0]!.length).toBe(VIEW_LIMITS.chars);
    expect(view.cut?.total).toBeGreaterThan(50 * MIB);
    await bothStillWork();
  }, SLOW);

  it('saves the whole result, every byte, as the JSON `call --json` prints', async () => {
    const outcome = await deck.callTool('big', 'big_text', { mb: 20 });
    const file = await saveWholeResult(outcome, 'big_text', saver());
    expect(file.what).toBe('the whole result (JSON)');
    const saved = JSON.parse(readFileSync(file.path, 'utf8'));
    expect(saved).toEqual({ result: outcome.result, isError: false, durationMs: Math.round(outcome.durationMs), output: null });
    expect(file.bytes).toBe(readFileSync(file.path).length);
  }, SLOW);
});

describe('a result of 10,000 content blocks', () => {
  it('keeps all of them; a view holds 200, saves only their images, and the next view starts where it stopped', async () => {
    const outcome = await deck.callTool('big', 'many_blocks', {});
    expect(outcome.result.content).toHaveLength(10_000);
    const s = saver();
    const first = buildResultView(outcome, 'many_blocks', s);
    expect(first.blocks).toEqual({ from: 0, to: 200, total: 10_000 });
    expect(first.files).toHaveLength(50);
    expect(first.links).toHaveLength(50);
    expect(first.text).toContain('block 196: some text');
    expect(first.text).not.toContain('block 200:');
    expect(first.text.endsWith('── 9,800 more blocks not shown here ──')).toBe(true);
    expect(first.cut).toBeUndefined();
    const next = buildResultView(outcome, 'many_blocks', s, first.blocks.to);
    expect(next.blocks).toEqual({ from: 200, to: 400, total: 10_000 });
    expect(next.text.startsWith('block 200: some text')).toBe(true);
    const last = buildResultView(outcome, 'many_blocks', s, 9_900);
    expect(last.blocks).toEqual({ from: 9_900, to: 10_000, total: 10_000 });
    expect(last.text).toContain('embedded 9999');
    await bothStillWork();
  }, SLOW);
});

describe('50 MB of structured content', () => {
  it('arrives whole; the view pretty-prints its first 2 MB and counts the rest without building it', async () => {
    const outcome = await deck.callTool('big', 'big_structured', {});
    const structured = outcome.result.structuredContent as { first: string; items: unknown[]; last: string };
    expect(structured.first).toBe('STRUCTURED-START');
    expect(structured.last).toBe('STRUCTURED-END');
    const view = buildResultView(outcome, 'big_structured', saver());
    expect(view.text).toContain('── structured content ──\n{\n  "first": "STRUCTURED-START",\n  "items": [\n    {\n      "id": 0,');
    expect(view.text).not.toContain('STRUCTURED-END');
    expect(view.text.length).toBeLessThan(VIEW_LIMITS.chars + 1000);
    const whole = JSON.stringify(structured, null, 2).length;
    expect(view.cut!.total - view.cut!.shown).toBe(whole - VIEW_LIMITS.chars);
    await bothStillWork();
  }, SLOW);
});

describe('a 1 MB tool description', () => {
  it('is listed whole in the core', () => {
    const tool = state(deck, 'big').tools.find((t) => t.name === 'huge_description')!;
    expect(tool.description!.length).toBe(MIB);
    expect(tool.description!.startsWith('HUGE-DESCRIPTION first line\n')).toBe(true);
    expect(tool.description!.endsWith('\nHUGE-DESCRIPTION-END')).toBe(true);
  });
});

describe('mcpdeck call (text)', () => {
  it('prints all of a 50 MB result to a pipe, and all 10,000 blocks', async () => {
    const where = sandbox();
    const big = await runCli(['call', 'big_text', '--', process.execPath, BIG], where);
    expect(big.code).toBe(0);
    expect(big.stdout.length).toBe(50 * MIB + 1);
    expect(big.stdout.endsWith('\nBIG-TEXT-END\n')).toBe(true);
    const many = await runCli(['call', 'many_blocks', '--', process.execPath, BIG], where);
    expect(many.code).toBe(0);
    expect(many.stdout).toContain('block 9996: some text');
    expect(many.stdout).toContain('[link file:///blocks/9998.txt "link 9998"]');
    expect(many.stdout.trimEnd().endsWith('embedded 9999')).toBe(true);
  }, SLOW);
});
