import type { CallToolResult } from '../mcp/types.js';
import { COUNT_LIMIT } from './counter.js';
import { countOf, formatCount } from '../../util/text.js';

/** A result's token count, and how many blocks (images, audio, binary resources) were not counted. */
export interface ResultTokens {
  tokens: number;
  uncounted: number;
  /** Text past COUNT_LIMIT characters was left out of the count. */
  cut?: boolean;
}

/**
 * What of a result reaches a model as text: its text blocks, the text of embedded
 * resources, a resource link's name and URI, and, when there is no text at all, the
 * structured content as JSON (the spec has tools repeat it as text). Images, audio and
 * binary resources are left out (models count those by size or duration, not by text).
 * Up to COUNT_LIMIT characters in all.
 */
export function resultTexts(result: CallToolResult): { texts: string[]; uncounted: number; cut?: boolean } {
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
  const counted: string[] = [];
  for (const text of texts) {
    if (budget > 0) counted.push(text.slice(0, budget));
    budget -= text.length;
  }
  return { texts: counted, uncounted, ...(budget < 0 && { cut: true }) };
}

/** "1,234 tokens", "over 250,000 tokens (the first 1 MB of text counted)", with any uncounted blocks. */
export function resultTokensText(counted: ResultTokens): string {
  const head = counted.cut ? `over ${countOf(counted.tokens, 'token')} (the first ${formatCount(COUNT_LIMIT)} characters counted)` : countOf(counted.tokens, 'token');
  return counted.uncounted ? `${head} + ${countOf(counted.uncounted, 'image/audio/binary block')} not counted` : head;
}
