// Values nested thousands of levels deep, and megabytes of text, wherever JSON is written
// for a person: the terminal's JSON, bounded JSON, the traffic log, result views, the
// CLI's result text, the headless form prompt and form descriptions.
import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { boundedJson } from '../../src/core/calls/bounded-json.js';
import { prettyText } from '../../src/core/calls/collector.js';
import { buildResultView } from '../../src/core/calls/result-view.js';
import { createResultSaver } from '../../src/core/calls/saver.js';
import type { CallOutcome } from '../../src/core/mcp/call.js';
import { buildForm, initialValues, toArguments } from '../../src/core/schema/form.js';
import { loadValidator, validate } from '../../src/core/schema/validator.js';
import { TrafficLog } from '../../src/core/servers/traffic-log.js';
import { askForm } from '../../src/cli/elicit/form-prompt.js';
import { renderOutcome } from '../../src/cli/render-result.js';
import { trafficText } from '../../src/ui/server/log/log-format.js';
import { layoutForm } from '../../src/ui/widgets/form/form-layout.js';
import { startState } from '../../src/ui/widgets/form/state/form-state.js';
import { pretty } from '../../src/ui/widgets/form/state/useFormKeys.js';
import { DESCRIPTION_HEAD } from '../../src/util/description-head.js';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { cutJson, jsonStringLength, terminalJson, wholeTerminalJson } from '../../src/util/json.js';
import { pruneDeep, SHOWN_DEPTH } from '../../src/util/json-depth.js';

// The schema checker loads on first use (validator.ts); these tests check values directly.
beforeAll(loadValidator);

/** `{ "a": { "a": … "bottom" } }`, `levels` objects deep. */
function deep(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

const outcome = (result: Partial<CallToolResult>, output?: CallOutcome['output']): CallOutcome =>
  ({ result: { content: [], ...result } as CallToolResult, isError: false, durationMs: 5, ...(output && { output }) });

afterEach(() => vi.restoreAllMocks());

describe('the terminal JSON of a value nested thousands deep', () => {
  const value = deep(5000);

  it('is written cut SHOWN_DEPTH levels down with a marker that says how deep it went, instead of throwing', () => {
    expect(() => JSON.stringify(value)).toThrow(RangeError);
    for (const indent of [undefined, 2]) {
      const json = terminalJson(value, indent);
      expect(json).toBe(JSON.stringify(pruneDeep(value, SHOWN_DEPTH), null, indent));
      expect(json).toContain(`"⟨4,500 more levels, not shown⟩"`);
      expect(json).not.toContain('bottom');
      expect(cutJson(value, indent)).toBe(json);
    }
    expect(wholeTerminalJson(value)).toBeUndefined();
  });

  it('leaves everything JSON.stringify can write as it was, escapes included', () => {
    const normal = [{ a: [1, 'two', null, { b: true }], c: 'x\u200by\u202e', d: 1e21 }, [], 'text', 3, deep(1000)];
    for (const v of normal) {
      for (const indent of [undefined, 0, 2]) {
        expect(cutJson(v, indent)).toBe(JSON.stringify(v, null, indent));
        expect(terminalJson(v, indent)).toBe(wholeTerminalJson(v, indent));
      }
    }
    expect(terminalJson({ c: 'x\u200by' })).toBe('{"c":"x\\u200by"}');
  });

  it('keeps the errors that are not about depth', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => terminalJson(cycle)).toThrow(TypeError);
  });

  it('keeps arguments to edit whole, or starts over, and JSON text too deep to re-indent as it came', () => {
    expect(pretty(value)).toBe('{}');
    expect(pretty({ a: 1 })).toBe('{\n  "a": 1\n}');
    const text = JSON.stringify(deep(1000));
    const tooDeep = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    expect(prettyText(tooDeep)).toBe(tooDeep);
    expect(prettyText(text)).toBe(JSON.stringify(deep(1000), null, 2));
  });
});

describe('bounded JSON of deep and escaped values', () => {
  it('cuts where pruneDeep cuts, with the same marker, and counts every character of the whole, uncut', () => {
    // deep(L) as JSON is {"a": … "bottom" … }: 6 characters a level compact, 4d + 11 at level d with an indent of 2.
    const uncut = (levels: number, indent: number) => (indent ? 2 * levels * (levels - 1) + 11 * levels : 6 * levels) + 8;
    const values = [deep(5000), deep(1500), [deep(600), deep(SHOWN_DEPTH), deep(SHOWN_DEPTH - 1), [[[]]]], { list: Array.from({ length: 3 }, () => deep(2000)) }];
    for (const value of values) {
      for (const indent of [0, 2]) {
        const shown = terminalJson(pruneDeep(value, SHOWN_DEPTH), indent);
        const total = value === values[0] ? uncut(5000, indent) : JSON.stringify(value, null, indent).length;
        const all = boundedJson(value, indent, Infinity);
        expect(all).toEqual({ text: shown, cut: shown.length < total, total });
        for (const max of [0, 1, 100, 5_000]) {
          const b = boundedJson(value, indent, max);
          expect(b.text).toBe(shown.slice(0, max));
          expect(b.total).toBe(total);
          expect(b.cut).toBe(b.text.length < total);
        }
      }
    }
    expect(boundedJson(deep(5000), 0, Infinity).cut).toBe(true);
    expect(boundedJson(deep(100), 2, Infinity).cut).toBe(false);
  });

  it('measures the escapes past the cut: total is the length terminalJson gives', () => {
    const value = { 'k"ey\\': 'a\nb\tc\u0001"\\', hidden: 'x\u200b\u202e\u007f\u0085', tag: 'flag\udb40\udc41', lone: 'a\ud800b\udc00', emoji: '👩‍💻 ok' };
    for (const indent of [0, 2]) {
      const whole = terminalJson(value, indent);
      for (const max of [0, 5, 20, whole.length]) expect(boundedJson(value, indent, max).total).toBe(whole.length);
    }
  });

  it('jsonStringLength is the length of terminalJson of any string', () => {
    const pieces = ['a', '"', '\\', '\n', '\t', '\u0000', '\u001f', '\u007f', '\u009b', '\u00ad', '\u200b', '\u2028', '\u202e', '\ufeff', '\udb40\udc20', '\ud800', '\udc00', '\ud83d\ude00', 'é', ' '];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let round = 0; round < 2000; round++) {
      const text = Array.from({ length: next() % 12 }, () => pieces[next() % pieces.length]).join('');
      expect(jsonStringLength(text), JSON.stringify(text)).toBe(terminalJson(text).length);
    }
  });

  it('measures a long text once, and a different one of the same length as itself', () => {
    const plain = 'x'.repeat(2 ** 21);
    const lines = `${'x'.repeat(2 ** 21 - 2)}\n\n`;
    for (const text of [plain, plain, lines, lines, plain]) expect(jsonStringLength(text)).toBe(terminalJson(text).length);
  });

  it('holds no long text it measured past the turn it was measured in', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const base = process.memoryUsage().heapUsed;
    let text: string | undefined = `${'z'.repeat(40 * 2 ** 20)}\n`;
    expect(jsonStringLength(text)).toBe(text.length + 3);
    text = undefined;
    await new Promise((resolve) => setTimeout(resolve, 0));
    // V8 keeps the last string any regex ran on (RegExp.input) until the next runs, as one always soon does.
    expect(/./.test('.')).toBe(true);
    gc();
    expect(process.memoryUsage().heapUsed - base).toBeLessThan(10 * 2 ** 20);
  });
});

describe('the traffic log', () => {
  const message = (result: unknown): JSONRPCMessage => ({ jsonrpc: '2.0', id: 1, result } as JSONRPCMessage);
  const push = (log: TrafficLog, m: JSONRPCMessage) => log.push('s', { direction: 'in', id: 1, time: 1, message: m });

  it('measures a 5 MB message and writes only its preview', () => {
    const big = message({ content: [{ type: 'text', text: 'line\n'.repeat(1_000_000) }] });
    const whole = terminalJson(big);
    const stringify = vi.spyOn(JSON, 'stringify');
    const log = new TrafficLog();
    push(log, big);
    const longest = Math.max(0, ...stringify.mock.results.map((r) => (typeof r.value === 'string' ? r.value.length : 0)));
    expect(longest).toBeLessThan(64 * 1024);
    const [row] = log.of('s').getSnapshot();
    expect(row!.size).toBe(whole.length);
    expect(row!.message).toBeUndefined();
    expect(whole.startsWith(row!.preview!)).toBe(true);
    expect(row!.preview!.length).toBe(16 * 1024);
  });

  it('keeps a small message whole, measured as before', () => {
    const small = message({ tools: [{ name: 'a', inputSchema: { type: 'object' } }] });
    const log = new TrafficLog();
    push(log, small);
    expect(log.of('s').getSnapshot()[0]).toMatchObject({ size: JSON.stringify(small).length, message: small });
  });

  it('keeps a message nested thousands deep, sized whole, and shows it cut', () => {
    const log = new TrafficLog();
    push(log, message({ schema: deep(5000) }));
    push(log, message({ schema: deep(50_000) }));
    const [row, deeper] = log.of('s').getSnapshot();
    expect(row!.message).toBeDefined();
    expect(row!.size).toBe('{"jsonrpc":"2.0","id":1,"result":{"schema":'.length + 6 * 5000 + 8 + 2);
    expect(trafficText(row!)).toContain('more levels, not shown⟩');
    // Too large to keep: a preview of the start, and the size of all of it.
    expect(deeper!.message).toBeUndefined();
    expect(deeper!.size).toBe('{"jsonrpc":"2.0","id":1,"result":{"schema":'.length + 6 * 50_000 + 8 + 2);
    expect(deeper!.preview).toBe(terminalJson(pruneDeep(message({ schema: deep(50_000) }), SHOWN_DEPTH)).slice(0, 16 * 1024));
  });
});

describe('an output that was not checked', () => {
  const schema = deep(200) as object;
  const unchecked = () => validate(schema, {});

  it('is not shown as matching its schema: the view says why it was not checked', () => {
    expect(unchecked()).toMatchObject({ valid: true, unchecked: 'the schema is too deep to check (200 levels, limit 128)' });
    const view = buildResultView(outcome({ structuredContent: {} }, unchecked()), 't', createResultSaver(mkdtempSync(join(tmpdir(), 'mcpdeck-deep-'))));
    expect(view.text).toContain('⚠ output not checked: the schema is too deep to check (200 levels, limit 128)');
    expect(view.text).not.toContain('✓ matches the output schema');
    const checked = buildResultView(outcome({ structuredContent: {} }, { valid: true, errors: [] }), 't', createResultSaver(mkdtempSync(join(tmpdir(), 'mcpdeck-deep-'))));
    expect(checked.text).toContain('✓ matches the output schema');
  });

  it('gets a warning in the CLI too', () => {
    expect(renderOutcome(outcome({ structuredContent: {} }, unchecked())).stderr).toContain('warning: output not checked: the schema is too deep to check');
    expect(renderOutcome(outcome({ structuredContent: {} }, { valid: true, errors: [] })).stderr).not.toContain('warning');
  });
});

describe('the CLI writing deep server data', () => {
  it('prints structured content nested thousands deep, cut, instead of crashing', () => {
    const { stdout } = renderOutcome(outcome({ content: [{ type: 'text', text: 'hi' }], structuredContent: { tree: deep(5000) } }));
    expect(stdout).toContain('hi\nstructured content:\n{\n  "tree": {');
    expect(stdout).toContain('"⟨4,501 more levels, not shown⟩"');
  });

  it('shows a form schema nested thousands deep before asking for JSON', async () => {
    const said: string[] = [];
    const answers = ['y', ''];
    const request = { server: 'deep', message: 'Fill this in', requestedSchema: { type: 'object', properties: { a: deep(5000) } } };
    const answer = await askForm(async () => answers.shift() ?? '', (text) => said.push(text), request as never);
    expect(answer).toEqual({ action: 'decline' });
    expect(said.join('\n')).toContain('more levels, not shown⟩');
  });
});

describe('a form field with a 1 MB description', () => {
  it('lays out a note of the head of it only', () => {
    const description = `first line\n${'x'.repeat(2 ** 20)}`;
    const model = buildForm({ type: 'object', properties: { big: { type: 'string', description } } });
    const values = initialValues(model);
    const state = startState(model, values);
    const { rows } = layoutForm(model.fields, state, toArguments(model, values));
    const note = rows.find((r) => r.type === 'note');
    expect(note).toMatchObject({ tone: 'description' });
    expect(note?.type === 'note' && note.text.startsWith('first line x')).toBe(true);
    expect(note?.type === 'note' && note.text.length).toBeLessThanOrEqual(DESCRIPTION_HEAD);
  });
});
