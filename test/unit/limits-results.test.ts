import { describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { boundedJson } from '../../src/core/calls/bounded-json.js';
import { buildResultView, resultViewOf, VIEW_LIMITS, type ResultView } from '../../src/core/calls/result-view.js';
import { createResultSaver } from '../../src/core/calls/saver.js';
import type { CallOutcome } from '../../src/core/mcp/call.js';
import { renderOutcome } from '../../src/cli/render-result.js';
import { terminalJson } from '../../src/util/json.js';
import { DESCRIPTION_HEAD, descriptionHead } from '../../src/ui/components/Description.js';
import { resultNote } from '../../src/ui/call/result/result-note.js';
import { PAGER_LIMITS, findMatches, pagerText } from '../../src/ui/widgets/pager/pager-model.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const outcome = (result: Partial<CallToolResult>): CallOutcome => ({ result: { content: [], ...result } as CallToolResult, isError: false, durationMs: 5 });
const saver = () => createResultSaver(mkdtempSync(join(tmpdir(), 'mcpdeck-limits-unit-')));

describe('bounded JSON', () => {
  const plain: unknown[] = [
    { a: 1, b: [true, null, 'x', { c: [] }, {}], d: { key: -1.5e-7, big: 1e21 } },
    [[], [{}], 'text', 42, [undefined, () => 1]], { skip: undefined, keep: 'ok' }, 'plain', 7, null,
  ];
  // Past the cut escapes are not measured: the whole length comes out a little short.
  const escaped = [{ 'k"ey': 'x\u200b\n' }];

  it('is the text terminalJson gives, cut at any length, with the whole length counted', () => {
    for (const value of [...plain, ...escaped]) {
      for (const indent of [0, 2]) {
        const whole = terminalJson(value, indent);
        for (let max = 0; max <= whole.length + 1; max++) {
          const b = boundedJson(value, indent, max);
          expect(b.text).toBe(whole.slice(0, max));
          const short = whole.length - b.total;
          if (plain.includes(value)) expect(short).toBe(0);
          expect(short).toBeGreaterThanOrEqual(0);
          expect(short).toBeLessThanOrEqual(7);
          expect(b.cut).toBe(b.total > max);
        }
      }
    }
  });

  it('escapes only the part of a long string it shows', () => {
    const b = boundedJson({ s: 'y'.repeat(1_000_000) }, 2, 20);
    expect(b.text).toBe('{\n  "s": "yyyyyyyyyy');
    expect(b.total).toBe(terminalJson({ s: 'y'.repeat(1_000_000) }, 2).length);
  });

  it('shows a value nested thousands deep as a marker instead of overflowing the stack', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 5000; i++) deep = [deep];
    const b = boundedJson(deep, 0, 100_000);
    expect(b.text).toContain('"⟨4,500 more levels, not shown⟩"');
    expect(b.text).not.toContain('bottom');
  });
});

describe('result views stay bounded', () => {
  it('cuts a text block at the budget and stops there, leaving the other blocks to the next view', () => {
    const big = 'x'.repeat(VIEW_LIMITS.chars + 10);
    const o = outcome({ content: [{ type: 'text', text: big }, { type: 'text', text: 'second' }] });
    const first = resultViewOf(o, 't', saver());
    expect(first.blocks).toEqual({ from: 0, to: 1, total: 2 });
    expect(first.text).toContain('── cut here: 10 bytes more not shown ──');
    expect(first.text).toContain('── 1 more blocks not shown here ──');
    const second = resultViewOf(o, 't', saver(), 1);
    expect(second.text).toBe('second');
    expect(second.cut).toBeUndefined();
  });

  it('pretty-prints JSON text only when it is small', () => {
    const json = JSON.stringify({ a: 'z'.repeat(2 ** 20) });
    expect(buildResultView(outcome({ content: [{ type: 'text', text: json }] }), 't', saver()).text.startsWith('{"a":"zz')).toBe(true);
    expect(buildResultView(outcome({ content: [{ type: 'text', text: '{"a":1}' }] }), 't', saver()).text).toBe('{\n  "a": 1\n}');
  });

  it('lists at most 50 output-schema errors', () => {
    const errors = Array.from({ length: 120 }, (_, i) => `error ${i}`);
    const view = buildResultView({ ...outcome({ structuredContent: {} }), output: { valid: false, errors } }, 't', saver());
    expect(view.text).toContain('  - error 49\n  …and 70 more');
    expect(view.text).not.toContain('error 50');
  });
});

describe('the note over a result', () => {
  const view = (blocks: ResultView['blocks'], cut?: ResultView['cut']): ResultView =>
    ({ status: 'ok', durationMs: 1, text: '', files: [], links: [], blocks, ...(cut && { cut }) });

  it('says what is left out and which keys reach it; nothing when all is shown', () => {
    expect(resultNote(view({ from: 0, to: 3, total: 3 }))).toBeUndefined();
    expect(resultNote(view({ from: 0, to: 1, total: 1 }, { shown: 2 * 2 ** 20, total: 50 * 2 ** 20 })))
      .toBe('showing the first 2.0 MB of 50.0 MB; s saves the whole result to a file');
    expect(resultNote(view({ from: 0, to: 200, total: 10_000 }))).toBe('showing blocks 1–200 of 10,000 (] next); s saves the whole result to a file');
    expect(resultNote(view({ from: 9_800, to: 10_000, total: 10_000 }))).toBe('showing blocks 9,801–10,000 of 10,000 ([ previous); s saves the whole result to a file');
  });
});

describe('the pager and descriptions hold a bounded part', () => {
  it('the pager keeps the start of huge text and stops searching at the match limit', () => {
    const held = pagerText('a'.repeat(PAGER_LIMITS.chars + 5));
    expect(held.text.length).toBe(PAGER_LIMITS.chars);
    expect(held.total).toBe(PAGER_LIMITS.chars + 5);
    expect(pagerText('small')).toEqual({ text: 'small' });
    expect(findMatches(Array.from({ length: 20_000 }, () => 'hit'), 'HIT')).toHaveLength(PAGER_LIMITS.matches);
  });

  it('a description is read only as far as its head', () => {
    const huge = `first line\nsecond\u001b[2J line\n${'filler\n'.repeat(200_000)}`;
    expect(descriptionHead(huge, 2)).toEqual({ line: 'first line second⟦ESC[2J⟧ line', cut: huge.length });
    expect(descriptionHead('short', 3)).toEqual({ line: 'short' });
    expect(descriptionHead('x'.repeat(DESCRIPTION_HEAD + 1), 1).line).toHaveLength(DESCRIPTION_HEAD);
  });
});

describe('mcpdeck call text output', () => {
  it('prints every block, and structured content repeated as text only once', () => {
    const content = Array.from({ length: 10_000 }, (_, i) => ({ type: 'text' as const, text: `block ${i}` }));
    const structured = { items: Array.from({ length: 1000 }, (_, i) => i) };
    const { stdout } = renderOutcome(outcome({ content: [...content, { type: 'text', text: JSON.stringify(structured) }], structuredContent: structured }));
    expect(stdout.split('\n')).toHaveLength(10_001);
    expect(stdout.endsWith(JSON.stringify(structured))).toBe(true);
  });
});
