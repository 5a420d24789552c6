// The model stand-in (test/helpers/model-stand-in.ts) driven by the real AI SDK, the way
// mcpdeck calls models: @ai-sdk/openai-compatible against its Chat Completions route and
// @ai-sdk/anthropic against its Messages route, each streamed and not. Every body the SDK
// sends must pass the provider's published request schema (test/fixtures/model-apis/),
// and a body that breaks it must be refused with the reasons.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, generateText, jsonSchema, streamText, tool, type LanguageModel, type ModelMessage } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startModelStandIn, type ModelStandIn, type RecordedRequest, type ScriptedTurn } from '../helpers/model-stand-in.js';

const KEY = 'sk-stand-in-key';
const MODELS = { openai: 'gpt-4.1-mini', anthropic: 'claude-sonnet-4-5' } as const;
type Api = keyof typeof MODELS;

// A fresh stand-in for each test: no turn a failed test left queued reaches the next one.
let standIn: ModelStandIn;
beforeEach(async () => { standIn = await startModelStandIn({ apiKey: KEY }); });
afterEach(async () => { await standIn.close(); });

function modelFor(api: Api, apiKey = KEY): LanguageModel {
  if (api === 'openai') {
    return createOpenAICompatible({ name: 'stand-in', baseURL: standIn.openaiBaseURL, apiKey, includeUsage: true })(MODELS.openai);
  }
  return createAnthropic({ baseURL: standIn.anthropicBaseURL, apiKey })(MODELS.anthropic);
}

// Tools as mcpdeck gives them: JSON Schema from an MCP server, no execute (the deck runs them).
const tools = {
  get_weather: tool({
    description: 'The weather in a city',
    inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
  }),
  get_time: tool({
    description: 'The time in a zone',
    inputSchema: jsonSchema<{ zone: string }>({ type: 'object', properties: { zone: { type: 'string' } }, required: ['zone'] }),
  }),
};

interface Outcome {
  text: string;
  finishReason: string;
  toolCalls: { toolCallId: string; toolName: string; input: unknown }[];
  usage: { inputTokens?: number; outputTokens?: number };
  messages: ModelMessage[];
}

/** One model call, streamed or not, reduced to what both kinds give. */
async function call(api: Api, streamed: boolean, messages: ModelMessage[]): Promise<Outcome> {
  const settings = { model: modelFor(api), instructions: 'Answer briefly.', messages, tools, maxOutputTokens: 512, maxRetries: 0 };
  if (!streamed) {
    const result = await generateText(settings);
    const { text, finishReason, toolCalls, usage, response } = result;
    return { text, finishReason, toolCalls, usage, messages: response.messages };
  }
  const result = streamText({ ...settings, onError: () => {} });
  return {
    text: await result.text,
    finishReason: await result.finishReason,
    toolCalls: await result.toolCalls,
    usage: await result.usage,
    messages: (await result.response).messages,
  };
}

const combos = [
  { api: 'openai' as const, streamed: false },
  { api: 'openai' as const, streamed: true },
  { api: 'anthropic' as const, streamed: false },
  { api: 'anthropic' as const, streamed: true },
];
const label = (api: Api, streamed: boolean) => `${api} ${streamed ? 'streamed' : 'whole'}`;

describe.each(combos)('$api, streamed: $streamed', ({ api, streamed }) => {
  it('answers text with the scripted usage, and the SDK\'s request passes the published schema', async () => {
    standIn.script({ text: 'Hello from the stand-in.', usage: { input: 12, output: 5 } });
    const result = await call(api, streamed, [{ role: 'user', content: 'Say hello.' }]);

    expect(result.text).toBe('Hello from the stand-in.');
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toMatchObject({ inputTokens: 12, outputTokens: 5 });
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests as [RecordedRequest];
    expect(request).toMatchObject({ api, path: api === 'openai' ? '/v1/chat/completions' : '/v1/messages', stream: streamed, problems: [] });
    expect(request.body.model).toBe(MODELS[api]);
    if (api === 'openai') {
      expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
      if (streamed) expect(request.body.stream_options).toEqual({ include_usage: true });
    } else {
      expect(request.headers['x-api-key']).toBe(KEY);
      expect(request.headers['anthropic-version']).toBe('2023-06-01');
    }
  });

  it('makes tool calls, and takes their results back in the next request', async () => {
    standIn.script(
      {
        toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }, { id: 'call-2', name: 'get_time', arguments: { zone: 'Europe/Paris' } }],
        usage: { input: 30, output: 9 },
      },
      { text: 'Sunny, and 3 pm.', usage: { input: 61, output: 6 } },
    );
    const question: ModelMessage = { role: 'user', content: 'Weather and time in Paris?' };
    const first = await call(api, streamed, [question]);

    expect(first.finishReason).toBe('tool-calls');
    expect(first.usage).toMatchObject({ inputTokens: 30, outputTokens: 9 });
    expect(first.toolCalls.map(({ toolName, input }) => ({ toolName, input }))).toEqual([
      { toolName: 'get_weather', input: { city: 'Paris' } },
      { toolName: 'get_time', input: { zone: 'Europe/Paris' } },
    ]);
    const [weatherId, timeId] = first.toolCalls.map((c) => c.toolCallId);
    expect(weatherId).toMatch(/standin/);
    expect(timeId).toBe('call-2');

    const results: ModelMessage = {
      role: 'tool',
      content: first.toolCalls.map((c) => ({
        type: 'tool-result', toolCallId: c.toolCallId, toolName: c.toolName,
        output: { type: 'json', value: c.toolName === 'get_weather' ? { sky: 'sunny' } : { time: '15:00' } },
      })),
    };
    const second = await call(api, streamed, [question, ...first.messages, results]);
    expect(second.text).toBe('Sunny, and 3 pm.');
    expect(second.usage).toMatchObject({ inputTokens: 61, outputTokens: 6 });

    expect(standIn.requests.map((r) => r.problems)).toEqual([[], []]);
    const sent = standIn.requests[1]!.body;
    if (api === 'openai') {
      expect(sent.messages.at(-3)).toMatchObject({ role: 'assistant', tool_calls: [{ id: weatherId }, { id: 'call-2' }] });
      expect(sent.messages.slice(-2)).toEqual([
        { role: 'tool', tool_call_id: weatherId, content: '{"sky":"sunny"}' },
        { role: 'tool', tool_call_id: 'call-2', content: '{"time":"15:00"}' },
      ]);
    } else {
      expect(sent.messages.at(-2)).toMatchObject({
        role: 'assistant',
        content: [{ type: 'tool_use', id: weatherId, input: { city: 'Paris' } }, { type: 'tool_use', id: 'call-2' }],
      });
      expect(sent.messages.at(-1)).toEqual({
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: weatherId, content: '{"sky":"sunny"}' },
          { type: 'tool_result', tool_use_id: 'call-2', content: '{"time":"15:00"}' },
        ],
      });
    }
  });
});

describe.each(['openai', 'anthropic'] as const)('%s errors', (api) => {
  it('refuses a wrong API key with 401 in the provider\'s error shape', async () => {
    standIn.script({ text: 'never sent' });
    const error = await generateText({ model: modelFor(api, 'sk-wrong'), prompt: 'hi', maxRetries: 0 }).catch((e: unknown) => e);

    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(401);
    const body = JSON.parse((error as APICallError).responseBody!) as Record<string, unknown>;
    if (api === 'openai') expect(body).toMatchObject({ error: { type: 'invalid_request_error', code: 'invalid_api_key' } });
    else expect(body).toMatchObject({ type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } });
    expect(standIn.requests).toHaveLength(1);
    // The refused request used no turn: the next one gets it.
    const next = await generateText({ model: modelFor(api), prompt: 'hi', maxRetries: 0 });
    expect(next.text).toBe('never sent');
  });

  it('answers a scripted error, and a scripted delay holds the answer back', async () => {
    const turn: ScriptedTurn = { error: { status: 429, message: 'slow down' } };
    standIn.script(turn, { text: 'never arrives', delayMs: 10_000 }, { text: 'late but here', delayMs: 50 });
    const error = await generateText({ model: modelFor(api), prompt: 'hi', maxRetries: 0 }).catch((e: unknown) => e);
    expect((error as APICallError).statusCode).toBe(429);
    expect((error as APICallError).message).toContain('slow down');

    const late = await generateText({ model: modelFor(api), prompt: 'hi', maxRetries: 0, abortSignal: AbortSignal.timeout(100) }).catch((e: unknown) => e);
    expect((late as Error).name).toMatch(/AbortError|TimeoutError/);
    // A delayed turn still answers, once its time is up.
    expect((await generateText({ model: modelFor(api), prompt: 'hi', maxRetries: 0 })).text).toBe('late but here');
  });

  it('asks the responder once the script is used up, and says so when there is neither', async () => {
    standIn.script({ text: 'scripted' });
    standIn.respond((request) => ({ text: `echo: ${JSON.stringify(request.body.messages.at(-1).content)}` }));
    expect((await generateText({ model: modelFor(api), prompt: 'one', maxRetries: 0 })).text).toBe('scripted');
    expect((await generateText({ model: modelFor(api), prompt: 'two', maxRetries: 0 })).text).toContain('two');

    standIn.respond(() => undefined as unknown as ScriptedTurn);
    const error = await generateText({ model: modelFor(api), prompt: 'three', maxRetries: 0 }).catch((e: unknown) => e);
    expect((error as APICallError).statusCode).toBe(400);
    expect((error as APICallError).message).toContain('nothing scripted');
  });
});

describe('a body that breaks the published schema', () => {
  const post = (path: string, body: unknown, headers: Record<string, string>) =>
    fetch(`${standIn.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('is refused by the Chat Completions route, with the reasons recorded', async () => {
    const response = await post('/v1/chat/completions', {
      model: 'gpt-4.1-mini',
      temprature: 0.2,
      messages: [{ role: 'user', content: 'hi', colour: 'red' }, { role: 'wizard', content: 'boo' }],
      tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } }, strictly: true }],
    }, { authorization: `Bearer ${KEY}` });

    expect(response.status).toBe(400);
    const body = await response.json() as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    const { problems } = standIn.requests.at(-1)!;
    expect(problems).toContain("(body): field 'temprature' is not in the published schema");
    expect(problems).toContain("/messages/0: field 'colour' is not in the published schema");
    expect(problems).toContain("/tools/0: field 'strictly' is not in the published schema");
    expect(problems.some((p) => p.startsWith('/messages/1'))).toBe(true);
    expect(body.error.message).toContain('temprature');
  });

  it('is refused by the Messages route, with the reasons recorded', async () => {
    const response = await post('/v1/messages', {
      model: 'claude-sonnet-4-5',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi', colour: 'red' }] }],
      tools: [{ name: 'bad name!', input_schema: { type: 'object' } }],
      stream: 'yes',
    }, { 'x-api-key': KEY });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    const { problems, stream } = standIn.requests.at(-1)!;
    expect(stream).toBe(false);
    expect(problems).toContain("(body) must have required property 'max_tokens'");
    expect(problems).toContain('/stream must be boolean');
    expect(problems).toContain("/messages/0/content/0: field 'colour' is not allowed by the published schema");
    expect(problems.some((p) => p.startsWith('/tools/0/name'))).toBe(true);
    expect(problems).toContain('anthropic-version: header is required');
  });

  it('is recorded with a problem when it is not JSON at all', async () => {
    const response = await fetch(`${standIn.url}/v1/chat/completions`, {
      method: 'POST', headers: { authorization: `Bearer ${KEY}` }, body: '{"model":',
    });
    expect(response.status).toBe(400);
    expect(standIn.requests.at(-1)!.problems[0]).toMatch(/^body is not JSON/);
  });

  it('is what openai-compatible sends for a past turn with reasoning (reasoning_content is no OpenAI field)', async () => {
    // A known mismatch between the SDK and OpenAI's published schema: this test notices if either changes.
    const messages: ModelMessage[] = [
      { role: 'user', content: 'a' },
      { role: 'assistant', content: [{ type: 'reasoning', text: 'thinking it over' }, { type: 'text', text: 'b' }] },
      { role: 'user', content: 'c' },
    ];
    const error = await generateText({ model: modelFor('openai'), messages, maxRetries: 0 }).catch((e: unknown) => e);
    expect((error as APICallError).statusCode).toBe(400);
    expect(standIn.requests[0]!.body.messages[1]).toEqual({ role: 'assistant', content: 'b', reasoning_content: 'thinking it over' });
    expect(standIn.requests[0]!.problems).toEqual(["/messages/1: field 'reasoning_content' is not in the published schema"]);
  });

  it.each(combos)('is never what the SDK sends ($api, streamed: $streamed)', async ({ api, streamed }) => {
    // A fuller call than the ones above: settings mcpdeck may pass, an image, a forced tool.
    standIn.script({ toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] });
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
    const settings = {
      model: modelFor(api), instructions: 'Be brief.', tools, toolChoice: { type: 'tool', toolName: 'get_weather' } as const,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Where is this?' }, { type: 'file', mediaType: 'image/png', data: png }] }] as ModelMessage[],
      maxOutputTokens: 100, temperature: 0.3, stopSequences: ['END'], maxRetries: 0,
    };
    if (streamed) await streamText(settings).consumeStream();
    else await generateText(settings);
    expect(standIn.requests.map((r) => [label(r.api, r.stream), r.problems])).toEqual([[label(api, streamed), []]]);
  });
});
