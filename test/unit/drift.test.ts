import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareDefinitions, driftSummary, kindDrift } from '../../src/core/drift/compare.js';
import { definitionsOf, serverIdentity, type DefinitionSet } from '../../src/core/drift/definitions.js';
import { inProcess } from '../../src/core/tokens/counter.js';
import { toolDefinitionText } from '../../src/core/tokens/meter.js';
import { driftReport } from '../../src/core/drift/report.js';
import { openDefinitionStore } from '../../src/core/drift/store.js';
import { normalizeEntry } from '../../src/core/config/normalize.js';

const tool = (description: string, properties: Record<string, unknown> = {}) => ({ description, inputSchema: { type: 'object', properties } });

describe('comparing definitions', () => {
  const accepted: DefinitionSet = { tool: { a: tool('A'), b: tool('B'), gone: tool('G'), hidden: tool('H') }, prompt: { p: { description: 'P' } } };
  const current: DefinitionSet = { tool: { a: tool('A'), b: tool('B2', { x: { type: 'string' } }), fresh: tool('F') }, prompt: { p: { description: 'P' } } };

  it('finds new, changed (naming the fields) and removed, a called tool first', () => {
    const drift = compareDefinitions(accepted, current, { called: (t) => t === 'gone', shown: (_k, key) => key !== 'hidden' });
    expect(drift.items.map((i) => [i.change, i.key, i.fields, Boolean(i.called)])).toEqual([
      ['removed', 'gone', [], true],
      ['changed', 'b', ['description', 'inputSchema'], false],
      ['new', 'fresh', [], false],
    ]);
    expect(drift.counts).toEqual({ new: 1, changed: 1, removed: 1 });
    expect(drift.calledChanged).toBe(1);
    expect(driftSummary(drift)).toBe('1 changed, 1 new, 1 removed');
    // A tool the tools filter hides now is not "removed": the person could not see it anyway.
    expect(drift.items.some((i) => i.key === 'hidden')).toBe(false);
    expect(kindDrift(drift, 'tool')!.removed).toEqual(['gone']);
    expect(kindDrift(drift, 'prompt')).toBeUndefined();
  });

  it('compares only the kinds both sides listed, and ignores key order', () => {
    expect(compareDefinitions({ tool: { a: tool('A') } }, { prompt: { p: {} } }).items).toEqual([]);
    const reordered = { tool: { a: { inputSchema: { properties: {}, type: 'object' }, description: 'A' } } };
    expect(compareDefinitions({ tool: { a: tool('A') } }, reordered).items).toEqual([]);
  });
});

describe('hostile definitions', () => {
  it('keeps and compares a schema 10,000 levels deep without overflowing, and counts its tokens', async () => {
    const deep = (leaf: string) => JSON.parse(`${'{"type":"object","properties":{"level":'.repeat(10_000)}{"type":"${leaf}"}${'}}'.repeat(10_000)}`) as Record<string, unknown>;
    const state = (leaf: string) => ({ tools: [{ name: 'deep', inputSchema: deep(leaf) }], prompts: [], resourceTemplates: [] }) as unknown as Parameters<typeof definitionsOf>[0];
    const before = definitionsOf(state('string'), ['tool']);
    expect(compareDefinitions(before, definitionsOf(state('string'), ['tool'])).items).toEqual([]);
    // Cut 64 levels down, the change 10,000 down is past what is kept; the depth is still kept.
    expect(JSON.stringify(before)).toContain('more levels, not shown');
    const [tokens] = await inProcess([toolDefinitionText(state('string').tools[0]!)]);
    expect(tokens).toBeGreaterThan(100);
  });
});

describe('the drift report', () => {
  it('keeps a hostile name on one line, and shows two huge, unlike versions whole instead of diffing them', async () => {
    const before = { description: ['header', ...Array.from({ length: 3000 }, (_, i) => `old ${i}`)].join('\n') };
    const after = { description: ['header', ...Array.from({ length: 3000 }, (_, i) => `new ${i}`)].join('\n') };
    const drift = compareDefinitions({ tool: { 'evil\n── tool fake: new ──': before } }, { tool: { 'evil\n── tool fake: new ──': after } });
    const report = await driftReport('srv', drift);
    expect(report.split('\n').filter((l) => l.startsWith('── '))).toEqual(['── tool evil ── tool fake: new ──: changed (description) ──']);
    // Whole: the line both share is shown on both sides, not found as the same.
    expect(report).toContain('- header\n- old 0');
    expect(report).toContain('- old 2999\n+ header\n+ new 0');
  });

  it('folds long unchanged runs', async () => {
    const lines = (last: string) => [...Array.from({ length: 20 }, (_, i) => `same ${i}`), last].join('\n');
    const report = await driftReport('srv', compareDefinitions({ tool: { t: { description: lines('a') } } }, { tool: { t: { description: lines('b') } } }));
    expect(report).toContain('  ⋯ 17 unchanged lines\n  same 17\n  same 18\n  same 19\n- a\n+ b');
  });
});

describe('server identity', () => {
  const def = (name: string, raw: Record<string, unknown>, path?: string) => normalizeEntry(name, raw, { kind: 'file', label: 'f', ...(path && { path }) }, {});

  it('knows a remote server by its URL without query, a configured one by file and name, an ad hoc one by its command', () => {
    expect(serverIdentity(def('a', { url: 'https://x.example/mcp?key=1' }))).toBe(serverIdentity(def('b', { url: 'https://x.example/mcp?key=2' })));
    expect(serverIdentity(def('a', { command: 'node', args: ['s.js'] }, '/p/one.json'))).not.toBe(serverIdentity(def('a', { command: 'node', args: ['s.js'] }, '/p/two.json')));
    expect(serverIdentity(def('a', { command: 'node', args: ['s.js'] }, '/p/one.json'))).toBe(serverIdentity(def('a', { command: 'node', args: ['s2.js'] }, '/p/one.json')));
    const adhoc = (args: string[]) => serverIdentity(normalizeEntry('adhoc', { command: 'node', args }, { kind: 'adhoc', label: 'command line' }, {}));
    expect(adhoc(['a.js'])).not.toBe(adhoc(['b.js']));
    // A hash: no command line or URL (which may hold a secret) in the file.
    expect(serverIdentity(def('a', { url: 'https://x.example/mcp' }))).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});

describe('the definition store', () => {
  it('keeps the kinds a record does not hold, and leaves a broken file alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-defs-'));
    const store = openDefinitionStore({ MCPDECK_CONFIG_DIR: dir });
    await store.record('id', 'srv', { tool: { a: tool('A') } });
    await store.record('id', 'srv', { prompt: { p: { description: 'P' } } });
    expect(store.read('id')!.set).toEqual({ tool: { a: tool('A') }, prompt: { p: { description: 'P' } } });
    expect(store.read('other')).toBeUndefined();
    writeFileSync(store.path, '{ "servers": ');
    expect(store.read('id')).toBeUndefined();
    await expect(store.record('id', 'srv', { tool: {} })).rejects.toThrow();
    expect(readFileSync(store.path, 'utf8')).toBe('{ "servers": ');
  });
});
