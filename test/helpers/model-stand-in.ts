// A local stand-in for two model APIs, which the test machines cannot reach: OpenAI Chat
// Completions (POST /v1/chat/completions, what @ai-sdk/openai-compatible calls) and
// Anthropic Messages (POST /v1/messages, what @ai-sdk/anthropic calls), each answered
// as whole JSON or as server-sent events, on 127.0.0.1. A test scripts the turns (text,
// tool calls, usage, a delay, an HTTP error) and reads back every request it got.
//
// Every request body is held to the provider's published request schema
// (test/fixtures/model-apis/, README.md there): what fails is answered 400 in the
// provider's error shape and its `problems` say why. The API key is checked like the
// real ones do (401) when `apiKey` is given; Anthropic's required `anthropic-version`
// header is checked always. test/integration/model-stand-in.test.ts drives it with the
// AI SDK.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  anthropicError, anthropicEvents, anthropicMessage, answerOf, openaiChunks, openaiCompletion, openaiError,
} from './model-stand-in-replies.js';
import { schemaProblems } from './model-stand-in-schemas.js';

export interface ScriptedTurn {
  text?: string;
  toolCalls?: { id?: string; name: string; arguments: Record<string, unknown> }[];
  usage?: { input: number; output: number };
  /** delay before answering, ms */
  delayMs?: number;
  /** answer with this HTTP error instead */
  error?: { status: number; message: string };
}

export interface RecordedRequest {
  api: 'openai' | 'anthropic';
  path: string;
  /** Header names in lower case; repeated headers joined with ', '. */
  headers: Record<string, string>;
  /** The parsed JSON (the raw text when it is not JSON): whatever the client sent. */
  body: any;
  stream: boolean;
  /**
   * problems found validating body against the provider's published API schema; empty when valid
   * (for Anthropic, a missing `anthropic-version` header is one too: the API requires it)
   */
  problems: string[];
}

export interface ModelStandIn {
  /** http://127.0.0.1:PORT */
  url: string;
  /** url + '/v1': the baseURL for createOpenAICompatible */
  openaiBaseURL: string;
  /** url + '/v1': the baseURL for createAnthropic */
  anthropicBaseURL: string;
  /** Every request to either API so far, oldest first (refused ones too). */
  requests: RecordedRequest[];
  /** queue turns answered in order by either API; or set a responder deciding from the request */
  script(...turns: ScriptedTurn[]): void;
  /** Answers each request no scripted turn is left for (queued turns go first). */
  respond(fn: (request: RecordedRequest) => ScriptedTurn): void;
  close(): Promise<void>;
}

const ROUTES: Record<string, RecordedRequest['api']> = {
  '/v1/chat/completions': 'openai',
  '/v1/messages': 'anthropic',
};

function headersOf(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value ?? '']));
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the stand-in on 127.0.0.1 at a free port. */
export async function startModelStandIn(options: { apiKey?: string } = {}): Promise<ModelStandIn> {
  const requests: RecordedRequest[] = [];
  const queue: ScriptedTurn[] = [];
  let responder: ((request: RecordedRequest) => ScriptedTurn) | undefined;
  let count = 0;

  const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };
  const errorBody = (api: RecordedRequest['api'], status: number, message: string, requestId: string) =>
    (api === 'openai' ? openaiError(status, message) : anthropicError(status, message, requestId));

  /** Why the request is refused before its body is looked at (the key), if it is. */
  function authProblem(api: RecordedRequest['api'], headers: Record<string, string>): string | undefined {
    if (options.apiKey === undefined) return undefined;
    if (api === 'openai') {
      return headers.authorization === `Bearer ${options.apiKey}` ? undefined : 'Incorrect API key provided.';
    }
    return headers['x-api-key'] === options.apiKey ? undefined : 'invalid x-api-key';
  }

  function nextTurn(request: RecordedRequest): ScriptedTurn {
    const turn = queue.shift() ?? responder?.(request);
    // 400, not 5xx: the SDKs retry 5xx, which would only repeat this message.
    return turn ?? { error: { status: 400, message: 'model stand-in: nothing scripted for this request (call script() or respond())' } };
  }

  function answer(res: ServerResponse, request: RecordedRequest, turn: ScriptedTurn, requestId: string): void {
    const n = ++count;
    const body = request.body as Record<string, unknown>;
    if (request.api === 'openai') {
      const reply = answerOf(turn, body, `chatcmpl-standin-${n}`, (i) => `call_standin_${n}_${i}`);
      if (!request.stream) return sendJson(res, 200, openaiCompletion(reply));
      const includeUsage = (body.stream_options as { include_usage?: unknown } | null | undefined)?.include_usage === true;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (const data of openaiChunks(reply, includeUsage)) res.write(`data: ${data}\n\n`);
    } else {
      const reply = answerOf(turn, body, `msg_standin_${n}`, (i) => `toolu_standin_${n}_${i}`);
      if (!request.stream) return sendJson(res, 200, anthropicMessage(reply), { 'request-id': requestId });
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': requestId });
      for (const { event, data } of anthropicEvents(reply)) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    }
    res.end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://stand-in.invalid').pathname;
    const api = ROUTES[path];
    const text = await bodyOf(req);
    if (!api || req.method !== 'POST') {
      return sendJson(res, 404, { error: { message: `model stand-in: no route ${req.method ?? ''} ${path}`, type: 'invalid_request_error' } });
    }
    const headers = headersOf(req);
    let body: unknown;
    const problems: string[] = [];
    try {
      body = JSON.parse(text);
      problems.push(...schemaProblems(api, body));
    } catch (error) {
      body = text;
      problems.push(`body is not JSON: ${(error as Error).message}`);
    }
    if (api === 'anthropic' && !headers['anthropic-version']) problems.push('anthropic-version: header is required');
    const stream = typeof body === 'object' && body !== null && (body as { stream?: unknown }).stream === true;
    const request: RecordedRequest = { api, path, headers, body, stream, problems };
    requests.push(request);

    const requestId = `req_standin_${requests.length}`;
    const refuse = (status: number, message: string) =>
      sendJson(res, status, errorBody(api, status, message, requestId), api === 'anthropic' ? { 'request-id': requestId } : {});
    const denied = authProblem(api, headers);
    if (denied) return refuse(401, denied);
    if (problems.length > 0) return refuse(400, problems.join('; '));

    const turn = nextTurn(request);
    if (turn.delayMs) {
      // A client that gives up (or close()) ends the wait: no timer outlives the request.
      const gone = new AbortController();
      res.once('close', () => gone.abort());
      const waited = await sleep(turn.delayMs, true, { signal: gone.signal }).catch(() => false);
      if (!waited) return;
    }
    if (turn.error) return refuse(turn.error.status, turn.error.message);
    answer(res, request, turn, requestId);
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A bug here (or a responder that throws) answers 500 rather than ending the test run.
      if (!res.headersSent) sendJson(res, 500, { error: { message: `model stand-in: ${(error as Error).message}`, type: 'server_error' } });
      else res.end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  return {
    url,
    openaiBaseURL: `${url}/v1`,
    anthropicBaseURL: `${url}/v1`,
    requests,
    script: (...turns) => { queue.push(...turns); },
    respond: (fn) => { responder = fn; },
    close: () => new Promise<void>((resolve, reject) => {
      http.close((error) => (error ? reject(error) : resolve()));
      http.closeAllConnections();
    }),
  };
}
