import type { GetPromptResult, PromptMessage } from '../../../core/mcp/types.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { formatBytes } from '../../../util/text.js';

const decoded = (base64: string) => formatBytes(Buffer.byteLength(base64, 'base64'));
const mime = (type: unknown) => (typeof type === 'string' ? ` · ${sanitizeLine(type)}` : '');

function contentText(content: PromptMessage['content']): string {
  switch (content.type) {
    case 'text': return content.text;
    case 'image': return `[image${mime(content.mimeType)} · ${decoded(content.data)}]`;
    case 'audio': return `[audio${mime(content.mimeType)} · ${decoded(content.data)}]`;
    case 'resource_link': return `[resource link: ${sanitizeLine(content.name)} · ${sanitizeLine(content.uri)}${mime(content.mimeType)}]`;
    case 'resource': {
      const { resource } = content;
      const head = `[embedded resource: ${sanitizeLine(resource.uri)}${mime(resource.mimeType)}]`;
      if ('text' in resource && typeof resource.text === 'string') return `${head}\n${resource.text}`;
      return 'blob' in resource && typeof resource.blob === 'string' ? `${head}\nbinary content: ${decoded(resource.blob)} decoded` : head;
    }
    default: return `[${sanitizeLine(String((content as { type: unknown }).type))} content]`;
  }
}

/** A prompt's messages for the pager: each under its role. */
export function promptText(result: GetPromptResult): string {
  const parts: string[] = [];
  if (result.description) parts.push(result.description);
  for (const message of result.messages) parts.push(`── ${sanitizeLine(message.role)}\n${contentText(message.content)}`);
  if (!result.messages.length) parts.push('(the prompt has no messages)');
  return parts.join('\n\n');
}
