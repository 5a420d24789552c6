import type { LanguageModel, ModelMessage, ToolSet } from 'ai';
import type { SampleAnswer, SamplingRequest } from '../elicitation/types.js';

type Params = SamplingRequest['params'];
type Block = { type: string; [key: string]: unknown };

const blocksOf = (content: unknown): Block[] => (Array.isArray(content) ? content : [content]).filter((b): b is Block => typeof b === 'object' && b !== null);

/** A sampling block the model reads as text: images and audio as the file parts the AI SDK sends, anything else said in words. */
function userPart(block: Block) {
  if (block.type === 'text') return { type: 'text' as const, text: String(block.text ?? '') };
  if ((block.type === 'image' || block.type === 'audio') && typeof block.data === 'string') return { type: 'file' as const, data: block.data, mediaType: String(block.mimeType ?? 'application/octet-stream') };
  return { type: 'text' as const, text: `[${block.type}]` };
}

const resultText = (block: Block) => blocksOf(block.content).map((b) => (b.type === 'text' ? String(b.text ?? '') : `[${b.type}]`)).join('\n');

/**
 * A sampling request's messages as the AI SDK's: text and media, and (sampling with tools,
 * 2025-11-25) the tool uses the "model" made before and the results the server sent back.
 */
function samplingMessages(params: Params): ModelMessage[] {
  const messages: ModelMessage[] = [];
  for (const message of params.messages) {
    const blocks = blocksOf(message.content);
    if (message.role === 'assistant') {
      const content = blocks.map((b) => (b.type === 'tool_use' ? { type: 'tool-call' as const, toolCallId: String(b.id), toolName: String(b.name), input: b.input ?? {} } : { type: 'text' as const, text: b.type === 'text' ? String(b.text ?? '') : `[${b.type}]` }));
      messages.push({ role: 'assistant', content });
      continue;
    }
    const results = blocks.filter((b) => b.type === 'tool_result');
    if (results.length) {
      const names = new Map(messages.flatMap((m) => (m.role === 'assistant' && Array.isArray(m.content) ? m.content.flatMap((p) => (p.type === 'tool-call' ? [[p.toolCallId, p.toolName] as const] : [])) : [])));
      const content = results.map((b) => ({ type: 'tool-result' as const, toolCallId: String(b.toolUseId), toolName: names.get(String(b.toolUseId)) ?? 'tool', output: { type: b.isError ? ('error-text' as const) : ('text' as const), value: resultText(b) } }));
      messages.push({ role: 'tool', content });
    }
    const rest = blocks.filter((b) => b.type !== 'tool_result');
    if (rest.length) messages.push({ role: 'user', content: rest.map(userPart) });
  }
  return messages;
}

/**
 * Answers a server's sampling request with a model, once the person (or the CLI's
 * `--on-sample model`) let it: the request's own messages, system prompt, token limit and
 * tools (a tool use comes back as the answer: the server runs it), nothing of the deck's.
 */
export async function sampleWithModel(params: Params, model: LanguageModel, spec: string, signal?: AbortSignal): Promise<SampleAnswer & { usage?: { input: number; output: number } }> {
  const { generateText, jsonSchema } = await import('ai');
  const tools: ToolSet | undefined = params.tools?.length
    ? Object.fromEntries(params.tools.map((t) => [t.name, { description: t.description ?? '', inputSchema: jsonSchema({ ...(t.inputSchema as object), type: 'object' }) }]))
    : undefined;
  const choice = params.toolChoice?.mode;
  const result = await generateText({
    model,
    messages: samplingMessages(params),
    ...(params.systemPrompt && { instructions: params.systemPrompt }),
    maxOutputTokens: params.maxTokens,
    ...(params.temperature !== undefined && { temperature: params.temperature }),
    ...(params.stopSequences?.length && { stopSequences: params.stopSequences }),
    ...(tools && { tools, ...(choice && { toolChoice: choice === 'none' ? 'none' : choice === 'required' ? 'required' : 'auto' }) }),
    ...(signal && { abortSignal: signal }),
  });
  const usage = { input: result.usage.inputTokens ?? 0, output: result.usage.outputTokens ?? 0 };
  const use = result.toolCalls[0];
  if (use) return { action: 'tool', name: use.toolName, input: (use.input ?? {}) as Record<string, unknown>, model: spec, usage };
  return { action: 'reply', text: result.text, model: spec, usage };
}
