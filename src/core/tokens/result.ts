import type { CallToolResult } from '../mcp/types.js';
import { COUNT_LIMIT, type CountTokens, type TokenCount } from './meter.js';
import { countOf, formatCount } from '../../util/text.js';

/** A result's token count, and how many blocks (images, audio, binary resources) were not counted. */
export interface ResultTokens extends TokenCount {
  uncounted: number;
}

/**
 * What of a result reaches a model as text: its text blocks, the text of embedded
 * resources, a resource link's name and URI, and, when there is no text at all, the
 * structured content as JSON (the spec has tools repeat it as text). Images, audio and
 * binary resources are left out (models count those by size or duration, not by text).
 * Counted up to COUNT_LIMIT characters.
 */
export function resultTokens(count: CountTokens, result: CallToolResult): ResultTokens {
  const texts: string[] = [];
  let uncounted = 0;
  for (const block of result.content ?? []) {
    if (block.type === 'text') texts.push(block.text);
    else if (block.type === 'resource' && 'text' in block.resource && typeof block.resource.text === 'string') texts.push(block.resource.text);
    else if (block.type === 'resource_link') texts.push(`${block.name} ${block.uri}`);
    else uncounted++;
  }
  if (!texts.length && result.structuredContent !== undefined) texts.push(JSON.stringify(result.structuredContent));
  let budget = COUNT_LIMIT;
  let tokens = 0;
  let cut = false;
  for (const text of texts) {
    if (budget <= 0) {
      cut = true;
      break;
    }
    if (text.length > budget) cut = true;
    tokens += count(text.length > budget ? text.slice(0, budget) : text);
    budget -= text.length;
  }
  return { tokens, uncounted, ...(cut && { cut }) };
}

/** "1,234 tokens", "over 250,000 tokens (the first 1 MB of text counted)", with any uncounted blocks. */
export function resultTokensText(counted: ResultTokens): string {
  const head = counted.cut ? `over ${countOf(counted.tokens, 'token')} (the first ${formatCount(COUNT_LIMIT)} characters counted)` : countOf(counted.tokens, 'token');
  return counted.uncounted ? `${head} + ${countOf(counted.uncounted, 'image/audio/binary block')} not counted` : head;
}
