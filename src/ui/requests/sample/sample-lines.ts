import type { SamplingRequest } from '../../../core/elicitation/types.js';
import { terminalJson } from '../../../util/json.js';
import { formatBytes } from '../../../util/text.js';

type Params = SamplingRequest['params'];
type Block = Params['messages'][number]['content'] extends infer C ? (C extends readonly (infer B)[] ? B : C) : never;

/** One row of the conversation: the role on the first row of each message. */
export interface SampleRow {
  role?: string;
  text: string;
}

const base64Bytes = (data: string) => Buffer.byteLength(data, 'base64');

/** A content block as text: media and tool blocks are described, never dumped. */
function blockText(block: Block): string {
  switch (block.type) {
    case 'text': return block.text;
    case 'image': return `[image, ${block.mimeType}, ${formatBytes(base64Bytes(block.data))}]`;
    case 'audio': return `[audio, ${block.mimeType}, ${formatBytes(base64Bytes(block.data))}]`;
    case 'tool_use': return `[tool use ${block.name}: ${terminalJson(block.input)}]`;
    case 'tool_result': return `[tool result for ${block.toolUseId}${block.isError ? ', an error' : ''}: ${block.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join(' ')}]`;
    default: return `[${(block as { type: string }).type}]`;
  }
}

/** The messages as rows to show (text, unwrapped): each message's blocks, one per row. */
export function sampleRows(params: Params): SampleRow[] {
  return params.messages.flatMap((message) => {
    const blocks = Array.isArray(message.content) ? message.content : [message.content];
    const texts = blocks.map((b) => blockText(b as Block)).join('\n').split('\n');
    return texts.map((text, i) => ({ role: i ? undefined : message.role, text }));
  });
}

/** What the server asks of the model: preferences, limits; one line. */
export function modelLine(params: Params): string {
  const prefs = params.modelPreferences;
  const hints = prefs?.hints?.map((h) => h.name).filter(Boolean) ?? [];
  const parts = [
    hints.length ? `hints ${hints.join(', ')}` : 'no model hints',
    ...(['cost', 'speed', 'intelligence'] as const).flatMap((k) => {
      const v = prefs?.[`${k}Priority`];
      return v === undefined ? [] : [`${k} ${v}`];
    }),
    `max ${params.maxTokens} tokens`,
    ...(params.temperature === undefined ? [] : [`temperature ${params.temperature}`]),
    ...(params.stopSequences?.length ? [`stop at ${params.stopSequences.map((s) => JSON.stringify(s)).join(' ')}`] : []),
  ];
  return parts.join(' · ');
}

/** The tools the server offers the model, and how it may use them; one line. */
export function toolsLine(params: Params): string {
  const tools = params.tools ?? [];
  const mode = params.toolChoice?.mode ?? 'auto';
  const choice = { auto: 'the model may use one', required: 'the model must use one', none: 'the model may not use them' }[mode];
  return `${tools.length} offered, ${choice} (tool choice ${mode}): ${tools.map((t) => t.name).join(', ')}`;
}
