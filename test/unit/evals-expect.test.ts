import { describe, expect, it } from 'vitest';
import { checkRun, toolsMatch, type EvalCall } from '../../src/core/evals/expect.js';
import type { EvalExpect } from '../../src/core/evals/eval-schema.js';
import { casePolicy } from '../../src/core/evals/run-evals.js';
import type { ToolTurn } from '../../src/core/models/conversation.js';

const call = (tool: string, args: Record<string, unknown> = {}, extra: Partial<EvalCall> = {}): EvalCall => ({
  server: 'everything', tool, name: tool, arguments: args, status: 'done', destructive: false, ...extra,
});
const check = (expectations: EvalExpect, calls: EvalCall[], reply: string | null = 'done') => checkRun(expectations, { calls, reply });
const which = (expectations: EvalExpect, calls: EvalCall[], reply?: string | null) => check(expectations, calls, reply).map((f) => f.expectation);

describe('an eval run is checked against what its case expects', () => {
  it('tools in any order: each named tool is called at least once, by its name or server/tool; other calls are allowed', () => {
    const calls = [call('get-sum'), call('echo')];
    expect(check({ tools: ['echo', 'everything/get-sum'] }, calls)).toEqual([]);
    expect(check({ tools: ['echo'], order: 'any' }, calls)).toEqual([]);
    expect(check({ tools: ['echo', 'get-env'] }, calls)).toEqual([{ expectation: 'tools', message: 'expected a call of get-env; the model called everything/get-sum, everything/echo' }]);
    // Another server's tool of the same name is not it.
    expect(which({ tools: ['other/echo'] }, calls)).toEqual(['tools']);
    // The model's own name for a tool (server__tool, with several servers) names it too.
    expect(which({ tools: ['everything__echo'] }, [call('echo', {}, { name: 'everything__echo' })])).toEqual([]);
    expect(check({ tools: ['echo'] }, [])[0]!.message).toBe('expected a call of echo; the model called none');
  });

  it('tools in strict order: the calls are exactly these, in this order, and no others', () => {
    const expectation: EvalExpect = { tools: ['get-sum', 'echo'], order: 'strict' };
    expect(check(expectation, [call('get-sum'), call('echo')])).toEqual([]);
    expect(check(expectation, [call('echo'), call('get-sum')])).toEqual([{ expectation: 'order', message: 'expected the calls get-sum → echo in this order and no others; the model called everything/echo → everything/get-sum' }]);
    expect(which(expectation, [call('get-sum'), call('echo'), call('echo')])).toEqual(['order']);
    expect(which(expectation, [call('get-sum')])).toEqual(['order']);
    expect(which({ tools: [], order: 'strict' }, [])).toEqual([]);
    expect(which({ tools: [], order: 'strict' }, [call('echo')])).toEqual(['order']);
  });

  it('tool-selection accuracy: the set of tools called is the set expected, repeats aside', () => {
    expect(toolsMatch({ tools: ['echo'] }, [call('echo'), call('echo')])).toBe(true);
    expect(toolsMatch({ tools: ['echo'] }, [call('echo'), call('get-sum')])).toBe(false);
    expect(toolsMatch({ tools: ['echo', 'get-sum'] }, [call('echo')])).toBe(false);
    expect(toolsMatch({ tools: [] }, [])).toBe(true);
    expect(toolsMatch({}, [call('echo')])).toBeUndefined();
  });

  it('args: some call of the tool has arguments holding the expected subset, deeply; a /pattern/ string is a pattern', () => {
    const calls = [call('echo', { message: 'bye' }), call('echo', { message: 'Hi there', extra: 1, nested: { list: [1, 'two'], deep: { a: true } } })];
    expect(check({ args: { echo: { message: 'Hi there' } } }, calls)).toEqual([]);
    expect(check({ args: { echo: { message: '/^hi/i' } } }, calls)).toEqual([]);
    expect(check({ args: { echo: { nested: { list: [1, '/^t/'], deep: {} } } } }, calls)).toEqual([]);
    expect(check({ args: { 'everything/echo': { extra: 1 } } }, calls)).toEqual([]);
    // What did not match is named by its path, for the first call of the tool.
    expect(check({ args: { echo: { message: 'hello' } } }, calls)).toEqual([{ expectation: 'args', message: 'no call of echo had the arguments expected: message: expected "hello", got "bye"' }]);
    expect(check({ args: { echo: { message: '/^Hi$/' } } }, calls)[0]!.message).toContain('message: "bye" does not match /^Hi$/');
    expect(check({ args: { echo: { missing: 1 } } }, calls)[0]!.message).toContain('missing: missing (expected 1)');
    // Arrays match item by item, and their length too.
    expect(which({ args: { echo: { nested: { list: [1] } } } }, calls)).toEqual(['args']);
    // A pattern matches only a string: a number is not its digits.
    expect(which({ args: { echo: { extra: '/1/' } } }, calls)).toEqual(['args']);
    expect(check({ args: { 'get-sum': { a: 1 } } }, calls)).toEqual([{ expectation: 'args', message: 'expected a call of get-sum with {"a":1}; get-sum was not called' }]);
  });

  it('text: the final reply contains a string or matches a pattern (run on RE2, so a hostile one stays linear)', () => {
    expect(check({ text: { contains: 'Echo: hi' } }, [], 'Echo: hi there')).toEqual([]);
    expect(check({ text: { matches: '^Echo' } }, [], 'Echo: hi')).toEqual([]);
    expect(check({ text: { matches: '(?i)^echo' } }, [], 'ECHO')).toEqual([]);
    expect(check({ text: { contains: 'bye' } }, [], 'hi')).toEqual([{ expectation: 'text', message: 'the reply does not contain "bye": "hi"' }]);
    expect(check({ text: { contains: 'hi', matches: 'x$' } }, [], 'hi')).toEqual([{ expectation: 'text', message: 'the reply does not match /x$/: "hi"' }]);
    expect(check({ text: { contains: '' } }, [], null)).toEqual([{ expectation: 'text', message: 'the model gave no reply' }]);
    const started = performance.now();
    expect(which({ text: { matches: '^(a+)+$' } }, [], `${'a'.repeat(5000)}!`)).toEqual(['text']);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('maxCalls counts every call the model made, refused ones too; noDestructive refuses a call of a tool that may destroy', () => {
    const calls = [call('echo'), call('delete-all', {}, { status: 'denied', destructive: true })];
    expect(check({ maxCalls: 2 }, calls)).toEqual([]);
    expect(check({ maxCalls: 1 }, calls)).toEqual([{ expectation: 'maxCalls', message: 'the model made 2 tool calls, more than the 1 allowed (everything/echo, everything/delete-all)' }]);
    expect(which({ maxCalls: 0 }, [])).toEqual([]);
    expect(check({ noDestructive: true }, calls)).toEqual([{ expectation: 'noDestructive', message: 'the model called everything/delete-all, which may destroy (not declared read-only, destructiveHint not false)' }]);
    expect(check({ noDestructive: true }, [call('echo')])).toEqual([]);
    expect(check({ noDestructive: false }, calls)).toEqual([]);
  });

  it('reports every expectation that failed, and nothing when nothing is expected', () => {
    expect(which({ tools: ['get-sum'], text: { contains: 'x' }, maxCalls: 0, noDestructive: true }, [call('echo', {}, { destructive: true })], 'y')).toEqual(['tools', 'text', 'maxCalls', 'noDestructive']);
    expect(check({}, [call('echo')], null)).toEqual([]);
  });
});

describe("a case's rule for tools that ask first", () => {
  const turn = (server: string, tool: string, name = tool) => ({ kind: 'tool', id: '1', name, server, tool, args: {}, status: 'asking' }) as ToolTurn;
  it('runs what yes or allowTools names (tool, server/tool, or the model\'s name), and refuses the rest', () => {
    expect(casePolicy({ yes: true })(turn('s', 'x'))).toBe('once');
    const allow = casePolicy({ allowTools: ['x', 's/y', 's__z'] });
    expect([allow(turn('s', 'x')), allow(turn('s', 'y')), allow(turn('t', 'y')), allow(turn('s', 'z', 's__z')), allow(turn('s', 'w'))]).toEqual(['once', 'once', 'deny', 'once', 'deny']);
    expect(casePolicy({})(turn('s', 'x'))).toBe('deny');
  });
});
