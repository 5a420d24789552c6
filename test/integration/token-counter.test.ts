// vitest: mostly waiting (the counter's 2 s idle end)
// The deck's token counter, the bundle's own process: the counts it gives are the
// tokenizer's, in order; it ends once idle (its memory is the system's again) and starts
// again when asked; one that dies fails what it owed and the next count starts a new one.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { childCounter, inProcess } from '../../src/core/tokens/counter.js';
import { sandbox } from './helpers/cli.js';
import { until } from '../helpers/until.js';

const SCRIPT = join(import.meta.dirname, '../../dist/bundle/token-counter.js');

/** The token counters this test process has running. */
const counters = () =>
  execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('token-counter'));

describe('the token counter process', () => {
  const texts = ['hello world', 'say <|endoftext|> now', '', '{"name":"echo","parameters":{"type":"object"}}', 'é'.repeat(5000)];
  const expected = texts.map((t) => countTokens(t, { disallowedSpecial: new Set() }));

  it("counts as the tokenizer does, special-token text as plain text, in the order asked", async () => {
    const count = childCounter(SCRIPT);
    const [a, b] = await Promise.all([count(texts), count([...texts].reverse())]);
    expect(a).toEqual(expected);
    expect(b).toEqual([...expected].reverse());
    expect(await inProcess(texts)).toEqual(expected);
  });

  it('ends once idle, and starts again for the next count', async () => {
    // The first test's counter is idle too, and ends by itself.
    await until(() => counters().length === 0, 'no token counter running', { every: 50 });
    const count = childCounter(SCRIPT);
    expect(await count(['one'])).toEqual([1]);
    expect(counters()).toHaveLength(1);
    await until(() => counters().length === 0, 'no token counter running', { every: 50 });
    expect(await count(['one two'])).toEqual([2]);
    await until(() => counters().length === 0, 'no token counter running', { every: 50 });
  });

  it('fails what a dead counter owed, and the next count starts a new one', async () => {
    const dying = join(sandbox().cwd, 'dying.mjs');
    writeFileSync(dying, "process.stdin.once('data', () => process.exit(3));\n");
    await expect(childCounter(dying)(['x'])).rejects.toThrow('the token counter ended (exit code 3)');
    const count = childCounter(SCRIPT);
    const first = count(['a b c']);
    execFileSync('pkill', ['-f', '-P', String(process.pid), 'token-counter']);
    await first.then(
      (counts) => expect(counts).toEqual([3]), // answered before the kill
      (error: Error) => expect(error.message).toMatch(/token counter ended/),
    );
    expect(await count(['a b'])).toEqual([2]);
  });
});
