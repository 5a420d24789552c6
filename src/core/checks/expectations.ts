import type { CallOutcome } from '../mcp/call.js';
import type { Tool } from '../mcp/types.js';
import { validate } from '../schema/validator.js';
import type { Expectations } from './test-file.js';
import { jsonDiff, textDiff } from './diff.js';
import { resultText } from './offer.js';

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
