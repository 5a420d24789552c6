import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { CallOutcome } from '../mcp/call.js';
import { terminalJson } from '../../util/json.js';
import type { ResultSaver } from './saver.js';
import { formatBytes } from '../../util/text.js';

type Block = CallToolResult['content'][number];
type Contents = ReadResourceResult['contents'][number];

export interface SavedFile {
  path: string;
  what: string;
  mimeType?: string;
  bytes: number;
}

export interface ResultLink {
  uri: string;
  name?: string;
  mimeType?: string;
}

/**
 * A result as a person reads it. `text` is raw server text for the pager, which
 * sanitizes each row it draws; everything else must be sanitized where it is drawn.
 */
export interface ResultView {
  /** `tool-error`: the tool ran and said it failed (isError); not a protocol error. */
  status: 'ok' | 'tool-error';
  durationMs: number;
  text: string;
  files: SavedFile[];
  links: ResultLink[];
  output?: { valid: boolean; errors: string[] };
}

const JSON_START = /^\s*[[{]/;

/** Pretty-prints text that is a JSON object or array; anything else comes back as it is. */
export function prettyText(text: string): string {
  if (!JSON_START.test(text)) return text;
  try {
    return terminalJson(JSON.parse(text), 2);
  } catch {
    return text;
  }
}

/** Collects files and links while blocks are turned into text. */
class Collector {
  files: SavedFile[] = [];
  links: ResultLink[] = [];
  constructor(private readonly saver: ResultSaver, private readonly stem: string) {}

  /** Saves base64 data; the line says where it went, or why it did not. */
  save(what: string, base64: string, mimeType: string | undefined): string {
    const data = Buffer.from(base64, 'base64');
    const label = `[${what}${mimeType ? ` ${mimeType}` : ''}, ${formatBytes(data.length)}`;
    try {
      const path = this.saver.save(this.stem, data, mimeType);
      this.files.push({ path, what, mimeType, bytes: data.length });
      return `${label} → saved to ${path}]`;
    } catch (error) {
      return `${label}; could not be saved: ${(error as Error).message}]`;
    }
  }

  contents(r: Contents): string {
    const head = `── resource ${r.uri}${r.mimeType ? ` (${r.mimeType})` : ''} ──`;
    if ('text' in r && typeof r.text === 'string') return `${head}\n${prettyText(r.text)}`;
    if ('blob' in r && typeof r.blob === 'string') return `${head}\n${this.save('resource', r.blob, r.mimeType)}`;
    return `${head}\n(no text and no blob)`;
  }

  block(b: Block): string {
    switch (b.type) {
      case 'text':
        return prettyText(b.text);
      case 'image':
      case 'audio':
        return this.save(b.type, b.data, b.mimeType);
      case 'resource':
        return this.contents(b.resource);
      case 'resource_link': {
        this.links.push({ uri: b.uri, name: b.name, mimeType: b.mimeType });
        return `[link ${this.links.length}] ${b.uri}${b.name ? `  "${b.name}"` : ''}${b.mimeType ? `  (${b.mimeType})` : ''}`;
      }
      default:
        return `[${String((b as { type: unknown }).type)} content, not shown]`;
    }
  }
}

function structuredSection(outcome: CallOutcome, blocks: string[]): string[] {
  const { structuredContent } = outcome.result;
  const lines: string[] = [];
  if (structuredContent !== undefined || outcome.output) lines.push('', '── structured content ──');
  if (structuredContent !== undefined) {
    const pretty = terminalJson(structuredContent, 2);
    // Tools often repeat it as a JSON text block: say so instead of showing it twice.
    const same = blocks.indexOf(pretty);
    lines.push(same === -1 ? pretty : `(the same as text block ${same + 1} above)`);
  }
  if (outcome.output?.valid) lines.push('✓ matches the output schema');
  else if (outcome.output) lines.push('✗ does not match the output schema:', ...outcome.output.errors.map((e) => `  - ${e}`));
  return lines;
}

/** Turns an outcome into text, saved files and links. `stem` names the files (the tool's name). */
export function buildResultView(outcome: CallOutcome, stem: string, saver: ResultSaver): ResultView {
  const collector = new Collector(saver, stem);
  const blocks = outcome.result.content.map((b) => collector.block(b));
  const body = blocks.length ? blocks.join('\n\n') : '(no content)';
  const structured = structuredSection(outcome, blocks);
  return {
    status: outcome.isError ? 'tool-error' : 'ok',
    durationMs: outcome.durationMs,
    text: structured.length ? `${body}\n${structured.join('\n')}` : body,
    files: collector.files,
    links: collector.links,
    output: outcome.output,
  };
}

/** A resource read (a link opened from a result): its text, with blobs saved. */
export function buildResourceView(result: ReadResourceResult, stem: string, saver: ResultSaver): { text: string; files: SavedFile[] } {
  const collector = new Collector(saver, stem);
  const parts = result.contents.map((c) => collector.contents(c));
  return { text: parts.length ? parts.join('\n\n') : '(the resource is empty)', files: collector.files };
}

const views = new WeakMap<CallOutcome, ResultView>();

/** The view of an outcome, built (and its files saved) once however often it is drawn. */
export function resultViewOf(outcome: CallOutcome, stem: string, saver: ResultSaver): ResultView {
  let view = views.get(outcome);
  if (!view) views.set(outcome, (view = buildResultView(outcome, stem, saver)));
  return view;
}
