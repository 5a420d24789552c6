import type { ReadResourceResult } from '../mcp/types.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { formatBytes as bytes } from '../../util/text.js';
import { blobText } from './blob-text.js';
import { createResultSaver, savedFilesDir, type ResultSaver } from './saver.js';

const resourceSaver = createResultSaver(savedFilesDir('resources'));

/** A read result for the pager: text as it is; each blob described and saved to a file of our own naming, a small text one shown too. */
export async function resourceText(result: ReadResourceResult, saver: ResultSaver = resourceSaver): Promise<string> {
  const parts: string[] = [];
  for (const content of result.contents) {
    const head = `── ${sanitizeLine(content.uri)}${content.mimeType ? ` · ${sanitizeLine(content.mimeType)}` : ''}`;
    if ('text' in content && typeof content.text === 'string') {
      parts.push(`${head}\n${content.text}`);
    } else if ('blob' in content && typeof content.blob === 'string') {
      const data = Buffer.from(content.blob, 'base64');
      const path = saver.save('resource', data, content.mimeType);
      const text = blobText(data, content.mimeType);
      parts.push(`${head}\n${text === undefined ? 'binary' : 'blob'} content: ${bytes(data.length)} decoded${content.mimeType ? `, ${sanitizeLine(content.mimeType)}` : ''}\nsaved to ${path}${text === undefined ? '' : `\n${text}`}`);
    }
  }
  return parts.length ? parts.join('\n\n') : '(the server returned no contents)';
}
