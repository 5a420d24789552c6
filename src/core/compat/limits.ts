// The checks on sizes and declarations: how many tools, how long a description, whether a
// tool says it only reads.
import { formatCount } from '../../util/text.js';
import { quoted } from './names.js';
import type { Hit, LintInput } from './types.js';

/** More than `max` tools: one finding for the server. */
export const toolCount = (max: number) => (input: LintInput): Hit[] =>
  input.tools.length > max ? [{ detail: `${formatCount(input.tools.length)} tools, ${formatCount(input.tools.length - max)} more than ${max}` }] : [];

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** Descriptions longer than `max` characters. */
export const descriptionChars = (max: number) => (input: LintInput): Hit[] =>
  input.tools.flatMap((tool, i) => {
    const length = typeof tool.description === 'string' ? tool.description.length : 0;
    return length > max ? [{ tool: i, detail: `the description of ${quoted(tool.name)} is ${formatCount(length)} characters (at most ${formatCount(max)})` }] : [];
  });

/** Descriptions over `max` bytes of UTF-8 (Claude Code's "2KB"). */
export const descriptionBytes = (max: number) => (input: LintInput): Hit[] =>
  input.tools.flatMap((tool, i) => {
    const bytes = typeof tool.description === 'string' ? utf8Bytes(tool.description) : 0;
    return bytes > max ? [{ tool: i, detail: `the description of ${quoted(tool.name)} is ${formatCount(bytes)} bytes` }] : [];
  });

/** The server's instructions over `max` bytes of UTF-8. */
export const instructionBytes = (max: number) => (input: LintInput): Hit[] => {
  const bytes = typeof input.instructions === 'string' ? utf8Bytes(input.instructions) : 0;
  return bytes > max ? [{ detail: `the server's instructions are ${formatCount(bytes)} bytes` }] : [];
};

/** Tools that do not say whether they only read (no readOnlyHint at all). */
export const noReadOnlyHint = (input: LintInput): Hit[] =>
  input.tools.flatMap((tool, i) => (typeof tool.annotations?.readOnlyHint === 'boolean' ? [] : [{ tool: i, detail: `${quoted(tool.name)} declares no readOnlyHint` }]));
