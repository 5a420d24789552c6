import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config/load.js';
import type { ApprovalRecord } from '../../src/core/config/approvals.js';
import type { ServerConfig, ServerDefinition } from '../../src/core/config/types.js';

/**
 * Random edits to an approved entry, as a hostile repository would make them: each one
 * either asks again (or runs nothing), or provably starts exactly what was approved.
 */

/** mulberry32: a small seeded generator, so a failure names a seed that replays it. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { int, pick, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof random>;

const WORDS = ['node', 'server.js', '--flag', '-y', 'x', '', 'é', 'a b', '${HOME}', '${input:tok}', '${env:PATH}'];
const LOOKALIKES = ['cоmmand', 'ｃommand', 'command\u200b', 'Command', 'args ', 'énv', 'ur1', 'hеaders'];
const FORBIDDEN = ['__proto__', 'constructor', 'prototype', '\\u005f_proto__'];

function baseEntry(rng: Rng): Record<string, unknown> {
  if (rng.chance(0.7)) {
    return { command: rng.pick(['node', 'npx', 'python3']), args: Array.from({ length: rng.int(4) }, () => rng.pick(WORDS)), env: rng.chance(0.5) ? { A: rng.pick(WORDS) } : {}, ...(rng.chance(0.3) && { cwd: 'sub' }) };
  }
  return { type: 'http', url: rng.pick(['http://127.0.0.1:1/mcp', 'https://example.test/mcp?x=1']), headers: rng.chance(0.5) ? { Authorization: 'Bearer ${TOKEN}' } : {} };
}

/** The text of `.mcp.json` for an entry, with JSON-preserving noise (comments, spacing) when `noise`. */
function text(entry: unknown, rng: Rng, noise: boolean, extra = ''): string {
  const body = JSON.stringify({ mcpServers: { a: entry } }, null, rng.pick([0, 2]));
  // The extra text goes last inside the entry, before the braces that close it, the map and the file.
  const withExtra = body.replace(/\}\s*\}\s*\}\s*$/, `${extra}}}}`);
  return noise ? `// edited\n${withExtra.replace('{', '{ /* c */')}\n` : withExtra;
}

type Edit = { name: string; entry: Record<string, unknown>; extra?: string; noise?: boolean };

function edit(entry: Record<string, unknown>, rng: Rng): Edit {
  const copy = structuredClone(entry);
  const stringKeys = Object.keys(copy).filter((k) => typeof copy[k] === 'string');
  switch (rng.int(8)) {
    case 0: {
      const key = rng.pick(stringKeys);
      return { name: `change ${key}`, entry: { ...copy, [key]: `${String(copy[key])}${rng.pick(['x', ' ', '/evil', '${X}'])}` } };
    }
    case 1:
      return { name: 'change args', entry: { ...copy, args: [...((copy.args as string[]) ?? []), rng.pick(WORDS)] } };
    case 2:
      return { name: 'add env or header', entry: { ...copy, [copy.url ? 'headers' : 'env']: { ...(copy.env as object), ...(copy.headers as object), NODE_OPTIONS: '--require ./evil.cjs' } } };
    case 3:
      return { name: 'look-alike key', entry: { ...copy, [rng.pick(LOOKALIKES)]: rng.pick(['node', ['evil'], { NODE_OPTIONS: 'x' }]) } };
    case 4: {
      // A key that could reach a prototype, at some depth, in the text itself.
      const key = rng.pick(FORBIDDEN);
      return { name: `forbidden ${key}`, entry: copy, extra: `,"${key}":{"env":{"NODE_OPTIONS":"--require ./evil.cjs"},"command":"sh"}`, noise: rng.chance(0.5) };
    }
    case 5: {
      // A duplicate key: the parsers keep the last one.
      const key = rng.pick(stringKeys);
      return { name: `duplicate ${key}`, entry: copy, extra: `,"${key}":"evil"` };
    }
    case 6:
      return { name: 'comments, spacing, key order', entry: Object.fromEntries(Object.entries(copy).reverse()), noise: true };
    default:
      return { name: 'timeouts and disabled', entry: { ...copy, timeout: 1 + rng.int(9999), ...(rng.chance(0.5) && { disabled: false }) } };
  }
}

/** What a started server gets: everything of its config but the knobs that start nothing. */
const started = (config: ServerConfig | undefined) => {
  if (!config) return undefined;
  const { disabled: _d, timeout: _t, requestTimeout: _r, tools: _f, ...rest } = config;
  return rest;
};

describe('approval property: an approved entry edited at random', () => {
  it('asks again, runs nothing, or starts exactly the approved plan', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-prop-'));
    const home = join(dir, 'home');
    mkdirSync(join(dir, 'sub'), { recursive: true });
    mkdirSync(home);
    const file = join(dir, '.mcp.json');
    const env = { HOME: home, TOKEN: 't', X: 'x', PATH: '/bin' };
    const load = (approved: ApprovalRecord[]) => loadConfig({ cwd: dir, env, home, clients: false, approved }).servers.find((s) => s.name === 'a');
    const outcomes = new Map<string, number>();
    for (let seed = 1; seed <= 400; seed++) {
      const rng = random(seed);
      const entry = baseEntry(rng);
      writeFileSync(file, text(entry, rng, false));
      const before = load([])!;
      expect(before.approval?.needed, `seed ${seed}`).toBe(true);
      const approved = [{ file, at: ['mcpServers'], server: 'a', hash: before.approval!.serverHash }];
      expect(load(approved)!.approval!.needed).toBe(false);

      const change = edit(entry, rng);
      writeFileSync(file, text(change.entry, rng, change.noise ?? false, change.extra));
      const after: ServerDefinition | undefined = load(approved);
      const outcome = !after?.plan ? 'runs nothing' : after.approval!.needed ? 'asks again' : 'same plan';
      outcomes.set(`${change.name.split(' ')[0]} → ${outcome}`, (outcomes.get(`${change.name.split(' ')[0]} → ${outcome}`) ?? 0) + 1);
      if (outcome === 'same plan') {
        expect(after!.plan, `seed ${seed}: ${change.name}`).toEqual(before.plan);
        expect(started(after!.config), `seed ${seed}: ${change.name}`).toEqual(started(before.config));
      }
      if (change.name.startsWith('forbidden')) expect(outcome, `seed ${seed}: ${change.name}`).toBe('runs nothing');
    }
    // Every kind of edit was tried: those that change what runs asked again, the others kept the plan.
    const seen = JSON.stringify([...outcomes]);
    for (const kind of ['change', 'add', 'duplicate']) expect(outcomes.get(`${kind} → asks again`), seen).toBeGreaterThan(20);
    for (const kind of ['look-alike', 'comments,', 'timeouts']) expect(outcomes.get(`${kind} → same plan`), seen).toBeGreaterThan(20);
    expect(outcomes.get('forbidden → runs nothing'), seen).toBeGreaterThan(20);
  });
});
