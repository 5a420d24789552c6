// vitest: mostly waiting (fuzz budgets and per-call timeouts)
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers/cli.js';
import { everythingStdio } from '../helpers/servers.js';

const TARGET = fileURLToPath(new URL('../fixtures/servers/fuzz-target.mjs', import.meta.url));
const MODERN = fileURLToPath(new URL('../fixtures/servers/modern-server.mjs', import.meta.url));

function project() {
  const box = sandbox();
  const config = join(box.cwd, 'servers.json');
  writeFileSync(config, JSON.stringify({
    mcpServers: {
      target: { command: process.execPath, args: [TARGET] },
      everything: everythingStdio(),
      modern: { command: process.execPath, args: [MODERN, 'stdio', 'reject'] },
    },
  }));
  return (...args: string[]) => runCli(['fuzz', '--strict', '-c', config, ...args], box);
}

interface Report {
  seed: number;
  findings: { kind: string; tool: string; arguments: Record<string, unknown>; valid: boolean; message: string }[];
  tools: { name: string; calls: number; slow?: number; note?: string }[];
  cutShort?: string;
}

// Each test fuzzes in a folder and servers of its own, and most of its time is the budget and
// the timeouts it waits out: the tests run side by side, so the waits overlap.
describe.concurrent('mcpdeck fuzz', () => {
  it('finds the planted crash and hang (and the protocol error, the output schema failure, the stray stdout) within the budget, and names them', async () => {
    const fuzz = project();
    const r = await fuzz('target', '--seed', '42', '--count', '12', '--time', '60', '--timeout', '2', '--json');
    expect(r.code, r.stderr).toBe(1);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.seed).toBe(42);
    expect(report.cutShort).toBeUndefined();
    // The first finding of each tool is its planted one.
    const found = Object.fromEntries(report.findings.toReversed().map((f) => [f.tool, f]));
    expect(found.divide).toMatchObject({ kind: 'crash', valid: true, arguments: { b: 0 } });
    expect(found.divide!.message).toContain('exited with code 3');
    expect(found.divide!.message).toContain('panic: division by zero');
    expect(found.lookup).toMatchObject({ kind: 'hang', valid: true, arguments: { key: '' } });
    expect(found.parse).toMatchObject({ kind: 'protocol-error' });
    expect(found.parse!.message).toContain('-32603');
    expect(found.stats).toMatchObject({ kind: 'output-schema', arguments: { values: [] } });
    expect(found.note).toMatchObject({ kind: 'invalid-json-rpc' });
    expect(found.note!.message).toContain('DEBUG: writing a long note');
    // The server came back after each crash and hang: every tool got its calls.
    expect(report.tools.filter((t) => t.name !== 'wipe').map((t) => t.calls)).toEqual([12, 12, 12, 12, 12, 12]);
    // render is slow, not hung: it kept reporting progress.
    expect(found.render).toBeUndefined();
    // Declared destructive: left alone unless named.
    expect(report.tools.find((t) => t.name === 'wipe')).toEqual({ name: 'wipe', calls: 0, note: 'skipped: declared destructive (name it to fuzz it)' });
  });

  it('prints a report a server author can act on, with the seed to replay it', async () => {
    const fuzz = project();
    const r = await fuzz('target', 'divide', 'lookup', '--seed', '5', '--count', '10', '--timeout', '2');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('fuzzing target with seed 5');
    expect(r.stdout).toMatch(/^fuzz target · seed 5 · 20 calls to 2 tools in [\d.]+ s/);
    expect(r.stdout).toContain('✗ crash · divide\n  the server went away: the server process exited with code 3');
    expect(r.stdout).toMatch(/✗ hang · lookup( \(\d+ times\))?\n {2}the call hung: no answer and no progress for 2 s\n {2}first with valid arguments \(key = ""\): \{"key":""\}/);
    expect(r.stdout.trim().split('\n').at(-1)).toBe('2 findings · replay with --seed 5');
  });

  it('stops a call still sending progress at the timeout and counts it as slow, not a hang; a silent one is a hang', async () => {
    const fuzz = project();
    const r = await fuzz('target', 'render', 'lookup', '--seed', '42', '--count', '6', '--timeout', '1', '--json');
    const report = JSON.parse(r.stdout) as Report;
    expect(report.findings).toEqual([expect.objectContaining({ kind: 'hang', tool: 'lookup', arguments: { key: '' } })]);
    expect(report.tools).toEqual([{ name: 'lookup', calls: 6 }, { name: 'render', calls: 6, slow: 1 }]);
    const text = await fuzz('target', 'render', '--seed', '42', '--count', '6', '--timeout', '1');
    expect([text.code, text.stdout]).toEqual([0, expect.stringContaining('  render: 6 calls · 1 slow call (still making progress at the per-call timeout: stopped, not a finding)')]);
    expect(text.stdout).toContain('no findings');
  });

  it('fuzzes a destructive tool when it is named', async () => {
    const fuzz = project();
    const r = await fuzz('target', 'wipe', '--seed', '1', '--count', '2', '--json');
    const report = JSON.parse(r.stdout) as Report;
    expect(report.findings).toEqual([expect.objectContaining({ kind: 'crash', tool: 'wipe' })]);
  });

  it("finds nothing wrong with server-everything's tools in a seeded run", { timeout: 45_000 }, async () => {
    const fuzz = project();
    const r = await fuzz('everything', '--seed', '7', '--count', '8', '--time', '15', '--timeout', '10', '--json');
    const report = JSON.parse(r.stdout) as Report;
    expect(report.findings).toEqual([]);
    expect(r.code).toBe(0);
    expect(report.tools.length).toBeGreaterThan(10);
    expect(report.tools.filter((t) => t.calls > 0).length).toBe(report.tools.length);
  });

  it('finds nothing wrong with a 2026-07-28 server either; a tool that needs a capability mcpdeck did not declare (roots) is left, not reported', { timeout: 60_000 }, async () => {
    const fuzz = project();
    const r = await fuzz('modern', '--seed', '3', '--count', '6', '--time', '30', '--json');
    const report = JSON.parse(r.stdout) as Report;
    expect(report.findings).toEqual([]);
    expect(r.code).toBe(0);
    expect(report.tools.find((t) => t.name === 'roots')!.note).toMatch(/stopped after 1 call: .*\(error -32021\)/);
  });

  it('says a declined question once per tool, with a count; every count in the report agrees with its noun', async () => {
    const fuzz = project();
    const r = await fuzz('everything', 'trigger-elicitation-request', '--seed', '1', '--count', '4', '--timeout', '10');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.split('\n').filter((line) => line.includes('declined'))).toEqual([
      'mcpdeck: everything: declined "Please provide inputs for the following fields:" (4 times while fuzzing trigger-elicitation-request)',
    ]);
    expect(r.stdout).toMatch(/^fuzz everything · seed 1 · 4 calls to 1 tool in /);
    const once = await fuzz('everything', 'trigger-elicitation-request', '--seed', '1', '--count', '1', '--timeout', '10');
    expect(once.stderr).toContain('(1 time while fuzzing trigger-elicitation-request)');
    expect(once.stdout).toMatch(/^fuzz everything · seed 1 · 1 call to 1 tool in /);
    expect(once.stdout).toContain('\n  trigger-elicitation-request: 1 call\n');
    expect(once.stdout.trim().split('\n').at(-1)).toBe('0 findings · replay with --seed 1');
  });

  it('shows a page asked for on every call once, the first, with the count (each has its own URL)', async () => {
    const r = await runCli(['fuzz', 'demo', 'visit_page', '--strict', '--demo', '--seed', '7', '--count', '3'], sandbox());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.match(/asks you to open a page/g)).toHaveLength(1);
    expect(r.stderr.match(/URL: /g)).toHaveLength(1);
    expect(r.stderr).toContain('  domain: example.com (3 times while fuzzing visit_page, the first shown)');
    expect(r.stderr).toContain('(--on-elicit ask) (3 times while fuzzing visit_page)');
  });

  it('says what is wrong with its options and names', async () => {
    const fuzz = project();
    const bad = await fuzz('target', '--count', 'lots');
    expect([bad.code, bad.stderr.trim()]).toEqual([2, 'mcpdeck: --count "lots" must be a whole number above 0']);
    const tool = await fuzz('target', 'nope');
    expect(tool.code).toBe(2);
    expect(tool.stderr).toContain('no tool named "nope"; it has divide, lookup, parse, stats, note, render, wipe');
    const server = await fuzz('nobody');
    expect(server.code).toBe(2);
    expect(server.stderr).toContain('no server named "nobody"');
  });
});
