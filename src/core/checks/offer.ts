// What a saved call can expect of its result, offered from the result itself (the deck's
// save panel and `call --save-test`); checking them is expectations.ts, which loads jsdiff.
import type { CallOutcome } from '../mcp/call.js';
import type { CallToolResult, Tool } from '../mcp/types.js';
import type { Expectations } from './test-file.js';
import { EXPECTATION_KINDS, type ExpectationKind } from './kinds.js';

export type { ExpectationKind };

/** The text blocks of a result, joined with a line break: what `text` expectations compare. */
export const resultText = (result: CallToolResult) => result.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');

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
 * The kinds picked when the person picks none: whether it failed, and the structured
 * content's schema when the tool has one. The values themselves, the text (all of it when
 * short, else a piece) and the structured content where there is no schema, only for a
 * tool that says a second call gives the same answer (`idempotentHint`, or `readOnlyHint`):
 * any other's result may change from one call to the next (server-memory's
 * create_entities lists only the entities it created), and the test would fail on its next run.
 */
export function defaultKinds(offered: OfferedExpectations, tool?: Pick<Tool, 'annotations'>): ExpectationKind[] {
  const repeatable = tool?.annotations?.idempotentHint === true || tool?.annotations?.readOnlyHint === true;
  const fullText = offered.text && (offered.text.text as { equals: string }).equals.length <= 2000;
  const textExpectation = !repeatable ? undefined : fullText ? 'text' : offered.contains ? 'contains' : undefined;
  const structured = offered.schema ? 'schema' : repeatable && offered.structured ? 'structured' : undefined;
  return ['isError', ...(textExpectation ? [textExpectation] : []), ...(structured ? [structured] : [])] as ExpectationKind[];
}

/** The expectations of the kinds chosen, in one object (text equals and contains: the later one wins). */
export function pickExpectations(offered: OfferedExpectations, kinds: readonly ExpectationKind[]): Expectations {
  return Object.assign({}, ...EXPECTATION_KINDS.filter((k) => kinds.includes(k) && offered[k]).map((k) => offered[k])) as Expectations;
}
