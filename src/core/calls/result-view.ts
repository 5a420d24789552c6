import type { ReadResourceResult } from '../mcp/types.js';
import type { CallOutcome } from '../mcp/call.js';
import { boundedJson } from './bounded-json.js';
import { Collector, cutLine, type ResultLink, type SavedFile } from './collector.js';
import type { ResultSaver } from './saver.js';
import { formatCount } from '../../util/text.js';

export { prettyText, type ResultLink, type SavedFile } from './collector.js';

/** How much one view builds: a page of blocks, and of their text at most this many characters. */
export const VIEW_LIMITS = { blocks: 200, chars: 2 * 2 ** 20, schemaErrors: 50 };

/**
 * A result as a person reads it. `text` is raw server text for the pager, which
 * sanitizes each row it draws; everything else must be sanitized where it is drawn.
 * A view holds one page of the result's blocks and at most `VIEW_LIMITS.chars` of
 * text (twice that with structured content), so a 50 MB result costs what 2 MB does.
 */
export interface ResultView {
  /** `tool-error`: the tool ran and said it failed (isError); not a protocol error. */
  status: 'ok' | 'tool-error';
  durationMs: number;
  text: string;
  files: SavedFile[];
  links: ResultLink[];
  output?: CallOutcome['output'];
  /** The blocks in this view: `from` up to (not including) `to`, of `total`. */
  blocks: { from: number; to: number; total: number };
  /** Set when text of these blocks (or of the structured content) was left out: characters shown and in all. */
  cut?: { shown: number; total: number };
}

/** Structured content (on the first page only), within its own budget of characters. */
function structuredSection(outcome: CallOutcome, blocks: string[], from: number): { lines: string[]; omitted: number } {
  const { structuredContent } = outcome.result;
  const lines: string[] = [];
  let omitted = 0;
  if (structuredContent !== undefined || outcome.output) lines.push('', '── structured content ──');
  if (structuredContent !== undefined) {
    const json = boundedJson(structuredContent, 2, VIEW_LIMITS.chars);
    // Tools often repeat it as a JSON text block: say so instead of showing it twice.
    const same = json.cut ? -1 : blocks.indexOf(json.text);
    if (json.cut) omitted = json.total - json.text.length;
    lines.push(same === -1 ? json.text : `(the same as text block ${from + same + 1} above)`);
    if (json.cut) lines.push(cutLine(omitted));
  }
  const errors = outcome.output?.errors ?? [];
  // An output the schema could not check is valid only in name: never a tick for it.
  if (outcome.output?.unchecked) lines.push(`⚠ output not checked: ${outcome.output.unchecked}`);
  else if (outcome.output?.valid) lines.push('✓ matches the output schema');
  else if (outcome.output) {
    lines.push('✗ does not match the output schema:', ...errors.slice(0, VIEW_LIMITS.schemaErrors).map((e) => `  - ${e}`));
    if (errors.length > VIEW_LIMITS.schemaErrors) lines.push(`  …and ${errors.length - VIEW_LIMITS.schemaErrors} more`);
  }
  return { lines, omitted };
}

/**
 * Turns a page of an outcome's blocks, from block `from`, into text, saved files and
 * links. The page ends after `VIEW_LIMITS.blocks` blocks or where its text runs out of
 * budget; the next page starts at `blocks.to`. `stem` names the files (the tool's name).
 */
export function buildResultView(outcome: CallOutcome, stem: string, saver: ResultSaver, from = 0): ResultView {
  const { content } = outcome.result;
  const collector = new Collector(saver, stem, VIEW_LIMITS.chars);
  const end = Math.min(content.length, from + VIEW_LIMITS.blocks);
  const blocks: string[] = [];
  let to = from;
  while (to < end && collector.left > 0) blocks.push(collector.block(content[to++]!));
  let body = blocks.length ? blocks.join('\n\n') : '(no content)';
  if (to < content.length) body += `\n\n── ${formatCount(content.length - to)} more blocks not shown here ──`;
  const structured = from === 0 ? structuredSection(outcome, blocks, from) : { lines: [], omitted: 0 };
  const text = structured.lines.length ? `${body}\n${structured.lines.join('\n')}` : body;
  const omitted = collector.omitted + structured.omitted;
  return {
    status: outcome.isError ? 'tool-error' : 'ok',
    durationMs: outcome.durationMs,
    text,
    files: collector.files,
    links: collector.links,
    output: outcome.output,
    blocks: { from, to, total: content.length },
    ...(omitted > 0 && { cut: { shown: text.length, total: text.length + omitted } }),
  };
}

/** A resource read (a link opened from a result): its text, with blobs saved; at most `VIEW_LIMITS.chars` of it. */
export function buildResourceView(result: ReadResourceResult, stem: string, saver: ResultSaver): { text: string; files: SavedFile[] } {
  const collector = new Collector(saver, stem, VIEW_LIMITS.chars);
  const parts: string[] = [];
  for (const c of result.contents) {
    if (collector.left <= 0) break;
    parts.push(collector.contents(c));
  }
  if (parts.length < result.contents.length) parts.push(`── ${result.contents.length - parts.length} more contents not shown ──`);
  return { text: parts.length ? parts.join('\n\n') : '(the resource is empty)', files: collector.files };
}

const views = new WeakMap<CallOutcome, Map<number, ResultView>>();

/** The view of a page of an outcome, built (and its files saved) once however often it is drawn. */
export function resultViewOf(outcome: CallOutcome, stem: string, saver: ResultSaver, from = 0): ResultView {
  let pages = views.get(outcome);
  if (!pages) views.set(outcome, (pages = new Map()));
  let view = pages.get(from);
  if (!view) pages.set(from, (view = buildResultView(outcome, stem, saver, from)));
  return view;
}
