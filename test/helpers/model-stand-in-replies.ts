// What the model stand-in answers, in each provider's own wire format: a whole JSON
// reply, the server-sent events of a streamed one, and errors. Shapes follow the
// providers' API references (OpenAI Chat Completions, Anthropic Messages), down to the
// fields a real reply carries that no client needs (refusal, annotations, ping).
import type { ScriptedTurn } from './model-stand-in.js';

/** A scripted turn made whole: ids given, usage known. */
interface Answer {
  id: string;
  model: string;
  text: string;
  toolCalls: { id: string; name: string; arguments: Record<string, unknown> }[];
  usage: { input: number; output: number };
}

/** Fills in what a turn leaves out: tool-call ids, and usage (about four characters a token). */
export function answerOf(turn: ScriptedTurn, body: Record<string, unknown>, id: string, callId: (i: number) => string): Answer {
  const text = turn.text ?? '';
  const toolCalls = (turn.toolCalls ?? []).map((call, i) => ({ ...call, id: call.id ?? callId(i) }));
  const tokens = (value: unknown) => Math.max(1, Math.ceil(JSON.stringify(value ?? '').length / 4));
  return {
    id,
    model: typeof body.model === 'string' ? body.model : 'stand-in',
    text,
    toolCalls,
    usage: turn.usage ?? { input: tokens(body.messages), output: tokens([text, toolCalls]) },
  };
}

/** Text the way a model streams it: a word (and the space after it) at a time. */
const pieces = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];
/** Tool-call arguments streamed in two parts, so a client must join them. */
function halves(json: string): string[] {
  const middle = Math.ceil(json.length / 2);
  return [json.slice(0, middle), json.slice(middle)];
}
const created = () => Math.floor(Date.now() / 1000);

// ---- OpenAI Chat Completions --------------------------------------------------------

const openaiUsage = (answer: Answer) => ({
  prompt_tokens: answer.usage.input,
  completion_tokens: answer.usage.output,
  total_tokens: answer.usage.input + answer.usage.output,
});
const finishReason = (answer: Answer) => (answer.toolCalls.length > 0 ? 'tool_calls' : 'stop');

export function openaiCompletion(answer: Answer): unknown {
  const toolCalls = answer.toolCalls.map((call) => ({
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
  return {
    id: answer.id,
    object: 'chat.completion',
    created: created(),
    model: answer.model,
    choices: [{
      index: 0,
      message: {
        role: 'assistant',
        content: answer.text === '' && toolCalls.length > 0 ? null : answer.text,
        refusal: null,
        annotations: [],
        ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
      },
      logprobs: null,
      finish_reason: finishReason(answer),
    }],
    usage: openaiUsage(answer),
  };
}

/** The `data:` payloads of a streamed completion, `[DONE]` last. */
export function openaiChunks(answer: Answer, includeUsage: boolean): string[] {
  const base = { id: answer.id, object: 'chat.completion.chunk', created: created(), model: answer.model };
  // With include_usage every chunk carries `usage: null` but the last, which has it.
  const chunk = (delta: object, finish: string | null = null) => JSON.stringify({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(includeUsage ? { usage: null } : {}),
  });
  const chunks = [chunk({ role: 'assistant', content: answer.text === '' && answer.toolCalls.length > 0 ? null : '', refusal: null })];
  for (const piece of pieces(answer.text)) chunks.push(chunk({ content: piece }));
  answer.toolCalls.forEach((call, index) => {
    chunks.push(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }));
    for (const part of halves(JSON.stringify(call.arguments))) chunks.push(chunk({ tool_calls: [{ index, function: { arguments: part } }] }));
  });
  chunks.push(chunk({}, finishReason(answer)));
  if (includeUsage) chunks.push(JSON.stringify({ ...base, choices: [], usage: openaiUsage(answer) }));
  chunks.push('[DONE]');
  return chunks;
}

const OPENAI_ERROR_TYPES: Record<number, [type: string, code: string | null]> = {
  401: ['invalid_request_error', 'invalid_api_key'],
  403: ['invalid_request_error', 'unsupported_country_region_territory'],
  404: ['invalid_request_error', 'model_not_found'],
  429: ['requests', 'rate_limit_exceeded'],
};

export function openaiError(status: number, message: string): unknown {
  const [type, code] = OPENAI_ERROR_TYPES[status] ?? [status >= 500 ? 'server_error' : 'invalid_request_error', null];
  return { error: { message, type, param: null, code } };
}

// ---- Anthropic Messages ---------------------------------------------------------------

const stopReason = (answer: Answer) => (answer.toolCalls.length > 0 ? 'tool_use' : 'end_turn');

export function anthropicMessage(answer: Answer): unknown {
  return {
    id: answer.id,
    type: 'message',
    role: 'assistant',
    model: answer.model,
    content: [
      ...(answer.text === '' ? [] : [{ type: 'text', text: answer.text }]),
      ...answer.toolCalls.map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments })),
    ],
    stop_reason: stopReason(answer),
    stop_sequence: null,
    usage: { input_tokens: answer.usage.input, output_tokens: answer.usage.output, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  };
}

/** The named events of a streamed message, in the order the API sends them. */
export function anthropicEvents(answer: Answer): { event: string; data: object }[] {
  const events: { event: string; data: object }[] = [];
  const add = (data: { type: string; [field: string]: unknown }) => events.push({ event: data.type, data });
  add({
    type: 'message_start',
    message: {
      id: answer.id, type: 'message', role: 'assistant', model: answer.model, content: [], stop_reason: null, stop_sequence: null,
      // The API counts output as it goes: message_start has a first count, message_delta the total.
      usage: { input_tokens: answer.usage.input, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    },
  });
  add({ type: 'ping' });
  let index = 0;
  if (answer.text !== '') {
    add({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
    for (const piece of pieces(answer.text)) add({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } });
    add({ type: 'content_block_stop', index: index++ });
  }
  for (const call of answer.toolCalls) {
    add({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} } });
    for (const part of halves(JSON.stringify(call.arguments))) {
      add({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: part } });
    }
    add({ type: 'content_block_stop', index: index++ });
  }
  add({ type: 'message_delta', delta: { stop_reason: stopReason(answer), stop_sequence: null }, usage: { output_tokens: answer.usage.output } });
  add({ type: 'message_stop' });
  return events;
}

const ANTHROPIC_ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  504: 'timeout_error',
  529: 'overloaded_error',
};

export function anthropicError(status: number, message: string, requestId: string): unknown {
  const type = ANTHROPIC_ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
  return { type: 'error', error: { type, message }, request_id: requestId };
}
