import type { CallOutcome } from '../mcp/call.js';
import type { CallToolResult, Tool } from '../mcp/types.js';
import { validate } from '../schema/validator.js';
import type { Expectations } from './test-file.js';
import { jsonDiff, textDiff } from './diff.js';

import { EXPECTATION_KINDS, type ExpectationKind } from './kinds.js';

export type { ExpectationKind };

/** The text blocks of a result, joined with a line break: what `text` expectations compare. */
const resultText = (result: CallToolResult) => result.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');

/** A piece of the text to look for: its first line that says something, at most 80 characters. */
function containsSnippet(text: string): string {
  const line = text.split('\n').map((l) => l.trim()).find(Boolean) ?? '';
  return line.slice(0, 80);
}

/** A bound that a call like this one keeps with room to spare: three times as long, to the next whole second. */
const durationBound = (ms: number) => Math.max(1000, Math.ceil((ms * 3) / 1000) * 1000);

export type OfferedExpectations = Partial<Record<ExpectationKind, Expectations>>;

/** What each kind would check for this result; a kind that does not apply (no text, no structured content) is absent. */
export function offeredExpectations(outcome: CallOutcome, tool: Pick<Tool, 'outputSchema'> | undefined): OfferedExpectations {
  const text = resultText(outcome.result);
  const structured = outcome.result.structuredContent;
  const snippet = containsSnippet(text);
  return {
    ...(text && { text: { text: { equals: text } } }),
    ...(snippet && { contains: { text: { contains: snippet } } }),
    ...(structured !== undefined && { structured: { structuredContent: { equals: structured } } }),
    ...(tool?.outputSchema && !outcome.isError && { schema: { structuredContent: { matchesOutputSchema: true as const } } }),
    isError: { isError: outcome.isError },
    duration: { maxDurationMs: durationBound(outcome.durationMs) },
  };
}

/**
 * The kinds picked when the person picks none: whether it failed, the text (all of it
 * when short, else a piece), and the structured content (its schema when the tool has
 * one, else the value itself).
 */
export function defaultKinds(offered: OfferedExpectations): ExpectationKind[] {
  const textExpectation = offered.text && (offered.text.text as { equals: string }).equals.length <= 2000 ? 'text' : offered.contains ? 'contains' : undefined;
  const structured = offered.schema ? 'schema' : offered.structured ? 'structured' : undefined;
  return ['isError', ...(textExpectation ? [textExpectation] : []), ...(structured ? [structured] : [])] as ExpectationKind[];
}

/** The expectations of the kinds chosen, in one object (text equals and contains: the later one wins). */
export function pickExpectations(offered: OfferedExpectations, kinds: readonly ExpectationKind[]): Expectations {
  return Object.assign({}, ...EXPECTATION_KINDS.filter((k) => kinds.includes(k) && offered[k]).map((k) => offered[k])) as Expectations;
}

/** One expectation that did not hold: what, in a sentence, and a diff of expected against actual where one helps. */
export interface Mismatch {
  what: string;
  message: string;
  diff?: string;
}

/** Checks a call's outcome against what a test expects; an empty list means it passed. */
export function checkOutcome(expect: Expectations, outcome: CallOutcome, tool: Pick<Tool, 'outputSchema'> | undefined): Mismatch[] {
  const found: Mismatch[] = [];
  const { result } = outcome;
  if (expect.isError !== undefined && expect.isError !== outcome.isError) {
    const said = outcome.isError ? `: ${resultText(result).split('\n')[0]}` : '';
    found.push({ what: 'isError', message: expect.isError ? 'expected the tool to report an error (isError), it did not' : `expected success, the tool reported an error (isError)${said}` });
  }
  if (expect.text) {
    const text = resultText(result);
    if ('equals' in expect.text && text !== expect.text.equals) {
      found.push({ what: 'text', message: 'the text is not the one expected', diff: textDiff(expect.text.equals, text) });
    }
    if ('contains' in expect.text && !text.includes(expect.text.contains)) {
      found.push({ what: 'text', message: `the text does not contain ${JSON.stringify(expect.text.contains)}`, diff: textDiff(expect.text.contains, text) });
    }
  }
  const expected = expect.structuredContent;
  if (expected && 'equals' in expected) {
    const diff = jsonDiff(expected.equals, result.structuredContent);
    if (diff) found.push({ what: 'structuredContent', message: 'the structured content is not the one expected', diff });
  }
  if (expected && 'matchesOutputSchema' in expected) {
    if (!tool?.outputSchema) found.push({ what: 'structuredContent', message: 'the tool no longer declares an output schema' });
    else if (result.structuredContent === undefined) found.push({ what: 'structuredContent', message: 'the tool returned no structured content' });
    else {
      const check = validate(tool.outputSchema, result.structuredContent);
      if (!check.valid) found.push({ what: 'structuredContent', message: `the structured content does not match the output schema: ${check.errors.join('; ')}` });
    }
  }
  if (expect.maxDurationMs !== undefined && outcome.durationMs > expect.maxDurationMs) {
    found.push({ what: 'duration', message: `took ${Math.round(outcome.durationMs)} ms, more than the ${expect.maxDurationMs} ms allowed` });
  }
  return found;
}
