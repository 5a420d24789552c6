import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { bytes } from './log-format.js';

export const RESOURCE_DIR = join(tmpdir(), 'mcpdeck', 'resources');

// The extension comes from this table, never from the server: a name it chooses could point anywhere.
const EXTENSION: Record<string, string> = {
  'image/png': '.png', 'image/jpeg': '.jpg', 'image/gif': '.gif', 'image/webp': '.webp', 'image/svg+xml': '.svg',
  'audio/wav': '.wav', 'audio/mpeg': '.mp3', 'audio/ogg': '.ogg', 'application/pdf': '.pdf', 'application/zip': '.zip',
  'application/gzip': '.gz', 'application/json': '.json', 'text/plain': '.txt', 'text/markdown': '.md', 'text/html': '.html',
};

/** Writes decoded blob bytes to a fresh file of our own naming; returns its path. */
export async function saveBlob(data: Buffer, mimeType: string | undefined, dir = RESOURCE_DIR): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const ext = EXTENSION[(mimeType ?? '').split(';')[0]!.trim().toLowerCase()] ?? '.bin';
  const path = join(dir, `resource-${Date.now()}-${randomBytes(4).toString('hex')}${ext}`);
  await writeFile(path, data, { mode: 0o600, flag: 'wx' });
  return path;
}

/** A read result for the pager: text as it is; each blob described and saved to a file. */
export async function resourceText(result: ReadResourceResult, dir = RESOURCE_DIR): Promise<string> {
  const parts: string[] = [];
  for (const content of result.contents) {
    const head = `── ${sanitizeLine(content.uri)}${content.mimeType ? ` · ${sanitizeLine(content.mimeType)}` : ''}`;
    if ('text' in content && typeof content.text === 'string') {
      parts.push(`${head}\n${content.text}`);
    } else if ('blob' in content && typeof content.blob === 'string') {
      const data = Buffer.from(content.blob, 'base64');
      const path = await saveBlob(data, content.mimeType, dir);
      parts.push(`${head}\nbinary content: ${bytes(data.length)} decoded${content.mimeType ? `, ${sanitizeLine(content.mimeType)}` : ''}\nsaved to ${path}`);
    }
  }
  return parts.length ? parts.join('\n\n') : '(the server returned no contents)';
}
