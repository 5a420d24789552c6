import { cutJson as wholeJson } from '../../util/json.js';
import { truncate } from '../../util/text.js';
import type { EvalExpect } from './eval-schema.js';
import { compilePattern, slashPattern } from './patterns.js';

/** A tool call the model made in a run, run or not. */
export interface EvalCall {
  server: string;
  tool: string;
  /** The model's name for it (`server__tool` with several servers). */
  name: string;
  arguments: Record<string, unknown>;
  status: 'done' | 'failed' | 'denied' | 'asking' | 'running';
  /** The tool may destroy: not declared read-only, and its destructiveHint is not false (the spec's default). */
  destructive: boolean;
}

/** What a run gave, as the expectations read it. */
export interface RunFacts {
  calls: readonly EvalCall[];
  /** The model's last reply; null when it gave none. */
  reply: string | null;
}

/** An expectation that did not hold in a run: which one (`tools`, `order`, `args`, `text`, `maxCalls`, `noDestructive`), and why. */
export interface EvalFailure {
  expectation: keyof EvalExpect;
  message: string;
}

/** Whether a call is of the tool an eval names: `tool`, `server/tool`, or the model's name for it. */
const callMatches = (ref: string) => (call: EvalCall) => call.tool === ref || `${call.server}/${call.tool}` === ref || call.name === ref;

const shown = (call: EvalCall) => (call.server ? `${call.server}/${call.tool}` : call.tool);
const listed = (calls: readonly EvalCall[]) => (calls.length ? calls.map(shown).join(', ') : 'none');

/**
 * Tool-selection accuracy of one run: the set of tools called is the set expected (every
 * expected tool called, no other called). Undefined when the case names no tools.
 */
export function toolsMatch(expect: EvalExpect, calls: readonly EvalCall[]): boolean | undefined {
  const tools = expect.tools;
  if (!tools) return undefined;
  return tools.every((ref) => calls.some(callMatches(ref))) && calls.every((call) => tools.some((ref) => callMatches(ref)(call)));
}

/** Checks a run against what its case expects; an empty list means it passed. */
export function checkRun(expect: EvalExpect, run: RunFacts): EvalFailure[] {
  const failures: EvalFailure[] = [];
  const { calls } = run;
  if (expect.tools && expect.order === 'strict') {
    const exact = calls.length === expect.tools.length && expect.tools.every((ref, i) => callMatches(ref)(calls[i]!));
    if (!exact) failures.push({ expectation: 'order', message: `expected the calls ${expect.tools.join(' → ') || 'none'} in this order and no others; the model called ${calls.map(shown).join(' → ') || 'none'}` });
  } else if (expect.tools) {
    const missing = expect.tools.filter((ref) => !calls.some(callMatches(ref)));
    if (missing.length) failures.push({ expectation: 'tools', message: `expected a call of ${missing.join(', ')}; the model called ${listed(calls)}` });
  }
  for (const [ref, expected] of Object.entries(expect.args ?? {})) {
    const of = calls.filter(callMatches(ref));
    if (!of.length) {
      failures.push({ expectation: 'args', message: `expected a call of ${ref} with ${cutJson(expected)}; ${ref} was not called` });
      continue;
    }
    const misses = of.map((call) => mismatch(expected, call.arguments, []));
    if (misses.every((m) => m !== undefined)) failures.push({ expectation: 'args', message: `no call of ${ref} had the arguments expected: ${misses[0]}` });
  }
  if (expect.text) {
    const reply = run.reply ?? '';
    const { contains, matches } = expect.text;
    if (run.reply === null) failures.push({ expectation: 'text', message: 'the model gave no reply' });
    else {
      if (contains !== undefined && !reply.includes(contains)) failures.push({ expectation: 'text', message: `the reply does not contain ${JSON.stringify(contains)}: ${quote(reply)}` });
      if (matches !== undefined && !compilePattern(matches).test(reply)) failures.push({ expectation: 'text', message: `the reply does not match /${matches}/: ${quote(reply)}` });
    }
  }
  if (expect.maxCalls !== undefined && calls.length > expect.maxCalls) {
    failures.push({ expectation: 'maxCalls', message: `the model made ${calls.length} tool call${calls.length === 1 ? '' : 's'}, more than the ${expect.maxCalls} allowed (${listed(calls)})` });
  }
  if (expect.noDestructive) {
    const destructive = calls.filter((c) => c.destructive);
    if (destructive.length) failures.push({ expectation: 'noDestructive', message: `the model called ${listed(destructive)}, which may destroy (not declared read-only, destructiveHint not false)` });
  }
  return failures;
}

const quote = (text: string) => JSON.stringify(text.length > 200 ? `${text.slice(0, 199)}…` : text);
/** A value in a message: JSON, cut at 200 characters (a model may send a lot). */
const cutJson = (value: unknown) => truncate(wholeJson(value), 200);

/**
 * Where the actual value differs from the expected subset: objects need the keys expected
 * (others may be there), arrays the same length item by item, a `/pattern/` string a
 * string it matches, anything else an equal value. Undefined when it matches.
 */
function mismatch(expected: unknown, actual: unknown, path: string[]): string | undefined {
  const at = path.length ? path.join('.') : 'the arguments';
  if (typeof expected === 'string') {
    const pattern = slashPattern(expected);
    if (pattern) return typeof actual === 'string' && compilePattern(pattern.source, pattern.flags).test(actual) ? undefined : `${at}: ${cutJson(actual ?? null)} does not match ${expected}`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return `${at}: expected ${cutJson(expected)}, got ${cutJson(actual ?? null)}`;
    for (let i = 0; i < expected.length; i++) {
      const found = mismatch(expected[i], actual[i], [...path, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return `${at}: expected an object, got ${cutJson(actual ?? null)}`;
    for (const [key, value] of Object.entries(expected)) {
      if (!Object.hasOwn(actual, key)) return `${[...path, key].join('.')}: missing (expected ${cutJson(value)})`;
      const found = mismatch(value, (actual as Record<string, unknown>)[key], [...path, key]);
      if (found) return found;
    }
    return undefined;
  }
  return Object.is(expected, actual) || expected === actual ? undefined : `${at}: expected ${cutJson(expected)}, got ${cutJson(actual ?? null)}`;
}
