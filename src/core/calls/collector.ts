import type { CallToolResult, ReadResourceResult } from '../mcp/types.js';
import { wholeTerminalJson } from '../../util/json.js';
import { formatBytes } from '../../util/text.js';
import { blobText } from './blob-text.js';
import type { ResultSaver } from './saver.js';

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

const JSON_START = /^\s*[[{]/;
// Pretty-printing makes text longer and parsing costs memory: only for text this small.
const PRETTY_MAX = 2 ** 20;

/** Pretty-prints text that is a JSON object or array; anything else comes back as it is. */
export function prettyText(text: string): string {
  if (text.length > PRETTY_MAX || !JSON_START.test(text)) return text;
  try {
    // Text too deep to write out whole is shown as it came, not cut.
    return wholeTerminalJson(JSON.parse(text), 2) ?? text;
  } catch {
    return text;
  }
}

/** The line that ends text cut short, so whoever scrolls to it knows. */
export const cutLine = (rest: number) => `── cut here: ${formatBytes(rest)} more not shown ──`;

/**
 * Collects files and links while blocks are turned into text, within a budget of
 * characters: text past it is counted in `omitted`, never built.
 */
export class Collector {
  files: SavedFile[] = [];
  links: ResultLink[] = [];
  omitted = 0;
  constructor(private readonly saver: ResultSaver, private readonly stem: string, public left = Infinity) {}

  /** `text`, or as much of it as the budget allows with a line saying how much is left out. */
  fit(text: string): string {
    if (text.length <= this.left) {
      this.left -= text.length;
      return text;
    }
    const shown = Math.max(0, this.left);
    this.left = 0;
    this.omitted += text.length - shown;
    return `${text.slice(0, shown)}\n${cutLine(text.length - shown)}`;
  }

  /** Saves base64 data; the line says where it went, or why it did not. */
  save(what: string, base64: string | Uint8Array, mimeType: string | undefined): string {
    const data = typeof base64 === 'string' ? Buffer.from(base64, 'base64') : base64;
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
    if ('text' in r && typeof r.text === 'string') return `${this.fit(head)}\n${this.fit(prettyText(r.text))}`;
    if ('blob' in r && typeof r.blob === 'string') {
      // Saved either way; a small one of a text type is shown as text as well.
      const data = Buffer.from(r.blob, 'base64');
      const text = blobText(data, r.mimeType);
      const saved = this.fit(`${head}\n${this.save('resource', data, r.mimeType)}`);
      return text === undefined ? saved : `${saved}\n${this.fit(prettyText(text))}`;
    }
    return this.fit(`${head}\n(no text and no blob)`);
  }

  block(b: Block): string {
    switch (b.type) {
      case 'text':
        return this.fit(prettyText(b.text));
      case 'image':
      case 'audio':
        return this.fit(this.save(b.type, b.data, b.mimeType));
      case 'resource':
        return this.contents(b.resource);
      case 'resource_link': {
        this.links.push({ uri: b.uri, name: b.name, mimeType: b.mimeType });
        return this.fit(`[link ${this.links.length}] ${b.uri}${b.name ? `  "${b.name}"` : ''}${b.mimeType ? `  (${b.mimeType})` : ''}`);
      }
      default:
        return this.fit(`[${String((b as { type: unknown }).type)} content, not shown]`);
    }
  }
}
