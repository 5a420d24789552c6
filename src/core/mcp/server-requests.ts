import {
  ProtocolError,
  ProtocolErrorCode,
  type Client,
  type ClientContext,
  type CreateMessageRequest,
  type CreateMessageResult,
  type CreateMessageResultWithTools,
  type ElicitResult,
} from '@modelcontextprotocol/client';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { bindTaskReceiver, type TaskReceiverBinding } from '@modelcontextprotocol/ext-tasks/receiver';
import type { JsonValue } from '@modelcontextprotocol/ext-tasks/core';
import type { InputAnswerer } from './tasks.js';
import { sanitizeLine } from '../../util/sanitize.js';
import type { ElicitInput } from '../elicitation/queue.js';
import type { ElicitAnswer, FormElicitation, SampleAnswer } from '../elicitation/types.js';
import { isRecord } from '../../util/is-record.js';
import { loadValidator } from '../schema/validator.js';

/** Where a session sends what its server asks of the person. */
export interface ServerRequests {
  /** `signal` aborts, with a reason a person can read, when the server withdraws the request or the connection closes. */
  elicit(input: ElicitInput, signal: AbortSignal, order?: number): Promise<ElicitAnswer>;
  sample(params: CreateMessageRequest['params'], signal: AbortSignal, order?: number): Promise<SampleAnswer>;
  completed(elicitationId: string): void;
}

const AnyParams = z.record(z.string(), z.unknown());

/**
 * The person declined to sample. A 2025 server gets it as the spec's example error (-1);
 * a 2026-07-28 result has no way to say it, so the SDK ends the call with it, unsent.
 */
export class SamplingDeclined extends ProtocolError {
  constructor() {
    super(-1, 'the person declined the sampling request');
  }
}

/** The model name a hand-written reply carries when the person gives none. */
const BY_HAND_MODEL = 'mcpdeck (written by hand)';

/**
 * Answers the server's questions through the person's queue. One set of handlers
 * serves both eras: a 2025 server sends `elicitation/create` and
 * `sampling/createMessage` as requests; a 2026-07-28 server puts them in an
 * `input_required` result, and the SDK calls these same handlers before retrying.
 */
export function installServerRequests(client: Client, requests: ServerRequests): void {
  // Params as sent (the custom-schema form): the SDK's own parse would drop keywords
  // outside the restricted subset (`pattern`) and refuse the rest (a nested object) with
  // an error the person never sees. We check answers against the schema as sent
  // (elicitation/content.ts), defaults included, since we declare applyDefaults.
  client.setRequestHandler('elicitation/create', { params: AnyParams }, (params, ctx) => answerElicit(requests, params, withdrawal(client, ctx), orderOf(ctx)));
  client.setRequestHandler('sampling/createMessage', (request, ctx) => answerSample(requests, request.params as CreateMessageRequest['params'], withdrawal(client, ctx), orderOf(ctx)));
  client.setNotificationHandler('notifications/elicitation/complete', ({ params }) => requests.completed(params.elicitationId));
}

/** An elicitation request answered through the person's queue (a request, an input_required round, or a task's question). */
async function answerElicit(requests: ServerRequests, params: Record<string, unknown>, signal: AbortSignal, order?: number): Promise<ElicitResult> {
  // A form's answers are checked against its schema as they are typed.
  await loadValidator();
  const input = parseElicit(params);
  const answer = await requests.elicit(input, signal, order);
  if (answer.action !== 'accept') return { action: answer.action };
  return input.mode === 'url' ? { action: 'accept' } : { action: 'accept', content: answer.content as ElicitResult['content'] };
}

/** A sampling request answered by the person: a reply written by hand, or a use of a tool it offered. */
async function answerSample(requests: ServerRequests, params: CreateMessageRequest['params'], signal: AbortSignal, order?: number): Promise<CreateMessageResult | CreateMessageResultWithTools> {
  // A tool use given as the answer is checked against the tool's input schema.
  await loadValidator();
  const answer = await requests.sample(params, signal, order);
  if (answer.action === 'decline') throw new SamplingDeclined();
  const model = answer.model ?? BY_HAND_MODEL;
  if (answer.action === 'tool') {
    // Sampling with tools (2025-11-25): the "model" asks the server to run one of the tools it offered.
    const use = { type: 'tool_use' as const, id: `toolu_${randomUUID().replace(/-/g, '').slice(0, 20)}`, name: answer.name, input: answer.input };
    return { role: 'assistant', content: [use], model, stopReason: 'toolUse' };
  }
  return { role: 'assistant', content: { type: 'text', text: answer.text }, model, stopReason: 'endTurn' };
}

/**
 * Answers what a 2026-07-28 task asks in `inputRequests` (tasks.ts sends the answers back
 * with tasks/update): the same queue, and the roots this session offers.
 */
export function inputAnswerer(requests: ServerRequests, roots?: () => { uri: string; name?: string }[]): InputAnswerer {
  return async ({ method, params = {} }, signal) => {
    if (method === 'elicitation/create') return answerElicit(requests, params, signal);
    if (method === 'sampling/createMessage') return answerSample(requests, params as CreateMessageRequest['params'], signal);
    if (method === 'roots/list' && roots) return { roots: roots() };
    throw new ProtocolError(ProtocolErrorCode.MethodNotFound, `mcpdeck cannot answer ${sanitizeLine(method)} for a task`);
  };
}

/**
 * 2025-11-25: a server may ask its question as a task of ours (`params.task`), then poll
 * for the answer with tasks/get and fetch it with tasks/result. ext-tasks' receiver keeps
 * those tasks (status, TTL, list, cancel); the person answers in the same queue.
 */
export function bindTaskAsks(client: Client, requests: ServerRequests): TaskReceiverBinding {
  const binding = bindTaskReceiver(client, {
    methods: { 'elicitation/create': true, 'sampling/createMessage': true },
    ttlMs: TASK_ASK_TTL_MS,
    pollIntervalMs: 1000,
    elicitation: async ({ params }, { signal }) => (await answerElicit(requests, params as Record<string, unknown>, signal)) as Record<string, JsonValue>,
    sampling: async ({ params }, { signal }) => (await answerSample(requests, params as unknown as CreateMessageRequest['params'], signal)) as unknown as Record<string, JsonValue>,
  });
  // The receiver registers elicitation/create again with the SDK's params schema, which
  // drops keywords outside the subset and refuses nested objects: ours goes back on top
  // (params as sent) and hands it the task-augmented ones.
  const handlers = (client as unknown as { _requestHandlers: Map<string, (request: unknown, ctx: ClientContext) => Promise<ElicitResult>> })._requestHandlers;
  const receiver = handlers.get('elicitation/create');
  client.setRequestHandler('elicitation/create', { params: AnyParams }, (params, ctx) =>
    receiver && 'task' in params ? receiver({ method: 'elicitation/create', params }, ctx) : answerElicit(requests, params, withdrawal(client, ctx), orderOf(ctx)),
  );
  return binding;
}

/** How long a question asked as a task is kept: answering it may take the person a while. */
const TASK_ASK_TTL_MS = 30 * 60_000;

/**
 * The order the server asked in: its request id, when a number. Two questions asked at
 * once reach the handlers in either order (their params are checked along different
 * paths), and the person should see them as the server asked.
 */
function orderOf(ctx: ClientContext): number | undefined {
  const id = ctx.mcpReq.id;
  return typeof id === 'number' ? id : undefined;
}

function parseElicit(params: Record<string, unknown>): ElicitInput {
  if (params.mode === 'url') {
    // A 2026-07-28 URL request travels inside its call's result and carries no elicitationId.
    const { message, url, elicitationId } = params;
    if (typeof message !== 'string' || typeof url !== 'string' || !URL.canParse(url) || (elicitationId !== undefined && typeof elicitationId !== 'string')) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'a URL elicitation needs a message and a valid url');
    }
    return { mode: 'url', message, url, elicitationId };
  }
  if (params.mode !== undefined && params.mode !== 'form') {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `unknown elicitation mode ${JSON.stringify(params.mode)}`);
  }
  if (typeof params.message !== 'string' || !isRecord(params.requestedSchema)) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'a form elicitation needs a message and a requestedSchema object');
  }
  return { mode: 'form', message: params.message, requestedSchema: params.requestedSchema as FormElicitation['requestedSchema'] };
}

/**
 * A signal that aborts with why the request went away. The SDK aborts a handler's
 * signal both for notifications/cancelled (with the server's reason) and when the
 * connection closes; in the second case it forgets the transport right after, so a
 * moment later the two read apart.
 */
function withdrawal(client: Client, ctx: ClientContext): AbortSignal {
  const signal = ctx.mcpReq.signal;
  const controller = new AbortController();
  const onAbort = () => {
    const said = signal.reason;
    queueMicrotask(() => {
      if (typeof said === 'string' && said) controller.abort(`the server cancelled it (${said})`);
      else controller.abort(client.transport ? 'the server cancelled it' : 'the connection closed');
    });
  };
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  return controller.signal;
}
