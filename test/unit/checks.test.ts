import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { fuzzCases, type FuzzCase } from '../../src/core/checks/fuzz-cases.js';
import { checkOutcome } from '../../src/core/checks/expectations.js';
import { defaultKinds, offeredExpectations } from '../../src/core/checks/offer.js';
import { jsonDiff, textDiff } from '../../src/core/checks/diff.js';
import { junitXml } from '../../src/core/checks/junit.js';
import type { TestResult } from '../../src/core/checks/run-tests.js';
import { appendTest, readTestFile, TestFileError } from '../../src/core/checks/test-file.js';
import type { CallOutcome } from '../../src/core/mcp/call.js';
import { loadValidator } from '../../src/core/schema/validator.js';

// The schema checker loads on first use (validator.ts); these tests check values directly.
beforeAll(loadValidator);

const take = (gen: Generator<FuzzCase>, n: number) => Array.from({ length: n }, () => gen.next().value as FuzzCase);
const SCHEMA = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { a: { type: 'number' }, b: { type: 'string', enum: ['x', 'y'] } }, required: ['a'] };
const outcome = (text: string, extra: Partial<CallOutcome> = {}): CallOutcome => ({ result: { content: [{ type: 'text', text }] }, isError: false, durationMs: 12, ...extra });

describe('fuzz cases', () => {
  it('are the same for the same seed and differ for another', () => {
    expect(take(fuzzCases(SCHEMA, 3), 20)).toEqual(take(fuzzCases(SCHEMA, 3), 20));
    expect(take(fuzzCases(SCHEMA, 3), 20)).not.toEqual(take(fuzzCases(SCHEMA, 4), 20));
  });

  it('take turns between generated, edge and broken arguments, each judged by the input schema', () => {
    const cases = take(fuzzCases(SCHEMA, 1), 12);
    expect(cases[0]).toMatchObject({ kind: 'valid', valid: true, label: 'generated' });
    expect(new Set(cases.map((c) => c.kind))).toEqual(new Set(['valid', 'edge', 'invalid']));
    for (const c of cases.filter((c) => c.kind === 'valid')) expect(c.valid).toBe(true);
    expect(cases.find((c) => c.label === 'without "a"')).toMatchObject({ kind: 'invalid', valid: false });
    expect(cases.find((c) => c.label === 'a = 0')).toMatchObject({ kind: 'edge', valid: true, args: expect.objectContaining({ a: 0 }) });
    // An enum's own values come first among its edges, and a value outside it is invalid.
    expect(cases.find((c) => c.label === 'b = "x"')).toMatchObject({ valid: true });
    expect(take(fuzzCases(SCHEMA, 1), 40).find((c) => c.label === 'b = "not-one-of-them"')).toMatchObject({ kind: 'edge', valid: false });
  });

  it('still go for a schema the generator cannot follow', () => {
    const cases = take(fuzzCases({ type: 'object', properties: { p: { $ref: '#/nowhere' } } }, 1), 5);
    expect(cases).toHaveLength(5);
  });
});

describe('expectations', () => {
  it('offers what a result has, and picks isError, the text and the schema by default', () => {
    const offered = offeredExpectations(outcome('hello\nworld', { result: { content: [{ type: 'text', text: 'hello\nworld' }], structuredContent: { n: 1 } } }), { outputSchema: { type: 'object' } });
    expect(Object.keys(offered)).toEqual(['text', 'contains', 'structured', 'schema', 'isError', 'duration']);
    expect(offered.contains).toEqual({ text: { contains: 'hello' } });
    expect(offered.duration).toEqual({ maxDurationMs: 1000 });
    expect(defaultKinds(offered, { annotations: { idempotentHint: true } })).toEqual(['isError', 'text', 'schema']);
    expect(defaultKinds(offered, { annotations: { readOnlyHint: true } })).toEqual(['isError', 'text', 'schema']);
  });

  it('picks only structure for a tool whose result may change from call to call (not idempotent, or unannotated)', () => {
    const offered = offeredExpectations(outcome('[{"name":"Ada"}]', { result: { content: [{ type: 'text', text: '[{"name":"Ada"}]' }], structuredContent: { created: 1 } } }), undefined);
    expect(defaultKinds(offered, { annotations: { idempotentHint: false, readOnlyHint: false } })).toEqual(['isError']);
    expect(defaultKinds(offered, {})).toEqual(['isError']);
    const withSchema = offeredExpectations(outcome('x', { result: { content: [{ type: 'text', text: 'x' }], structuredContent: { n: 1 } } }), { outputSchema: { type: 'object' } });
    expect(defaultKinds(withSchema, { annotations: { idempotentHint: false } })).toEqual(['isError', 'schema']);
  });

  it('lists each expectation that does not hold, with a diff', () => {
    const found = checkOutcome({ text: { equals: 'a\nb\nc' }, isError: true, maxDurationMs: 5 }, outcome('a\nB\nc'), undefined);
    expect(found.map((m) => m.what)).toEqual(['isError', 'text', 'duration']);
    expect(found[1]!.diff).toBe('--- expected\n+++ actual\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c');
    expect(checkOutcome({ text: { contains: 'B' } }, outcome('a\nB\nc'), undefined)).toEqual([]);
    expect(checkOutcome({ structuredContent: { matchesOutputSchema: true } }, outcome('x', { result: { content: [], structuredContent: { n: 'one' } } }), { outputSchema: { type: 'object', properties: { n: { type: 'number' } } } })[0]!.message)
      .toBe('the structured content does not match the output schema: "n" must be number');
  });

  it('compares JSON whatever order its keys came in', () => {
    expect(jsonDiff({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBeUndefined();
    expect(jsonDiff({ a: 1 }, { a: 2 })).toContain('-  "a": 1\n+  "a": 2');
    expect(textDiff('same', 'same')).toBe('');
  });
});

describe('test files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-checks-'));

  it('are made when missing, appended to, and read back', () => {
    const path = join(dir, 'new', 'tests.json');
    expect(appendTest(path, { name: 't', server: 's', tool: 'x', arguments: { a: 1 }, expect: { isError: false } })).toBe('t');
    expect(appendTest(path, { name: 't', server: 's', tool: 'x', arguments: {}, expect: { isError: true } })).toBe('t (2)');
    expect(readTestFile(path).tests.map((t) => [t.name, t.expect.isError])).toEqual([['t', false], ['t (2)', true]]);
  });

  it('refuse to be appended to when they are not test files', () => {
    const path = join(dir, 'other.json');
    writeFileSync(path, '[1, 2]');
    expect(() => appendTest(path, { name: 't', server: 's', tool: 'x', arguments: {}, expect: {} })).toThrow(TestFileError);
    expect(readFileSync(path, 'utf8')).toBe('[1, 2]');
  });
});

describe('JUnit XML', () => {
  const result = (status: TestResult['status'], extra: Partial<TestResult> = {}): TestResult => ({
    test: { name: `t-${status}`, server: 's', tool: 'x', arguments: {}, expect: {} }, file: 'f.json', status, mismatches: [], durationMs: 1500, ...extra,
  });

  it('is well-formed whatever a server sent (markup, quotes, control characters, lone surrogates)', () => {
    const hostile = 'a <b> & "c" \u0000\u001b[2J \ud800 ]]>';
    const xml = junitXml([
      result('passed'),
      result('failed', { test: { name: hostile, server: 's', tool: 'x', arguments: {}, expect: {} }, mismatches: [{ what: 'text', message: hostile, diff: `-${hostile}\n+ok` }] }),
      result('error', { error: hostile }),
    ], new Date('2026-01-02T03:04:05Z'));
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    expect(doc.testsuites).toMatchObject({ tests: '3', failures: '1', errors: '1', time: '4.500' });
    const cases = doc.testsuites.testsuite.testcase;
    expect(doc.testsuites.testsuite).toMatchObject({ name: 'f.json', timestamp: '2026-01-02T03:04:05', skipped: '0' });
    expect(cases[1].name).toBe('a <b> & "c" \\u0000\\u001b[2J \\ud800 ]]>');
    expect(cases[1].failure.type).toBe('expectation');
    expect(cases[2].error.message).toContain('a <b> &');
  });
});

describe('an empty test file', () => {
  it('is taken as a new one', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'mcpdeck-checks-')), 'empty.json');
    writeFileSync(path, '\n');
    appendTest(path, { name: 't', server: 's', tool: 'x', arguments: {}, expect: { isError: false } });
    expect(readTestFile(path).tests).toHaveLength(1);
  });
});
