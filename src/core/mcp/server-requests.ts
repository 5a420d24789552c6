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
import type { ElicitInput } from '../elicitation/queue.js';
import type { ElicitAnswer, FormElicitation, SampleAnswer } from '../elicitation/types.js';
import { isRecord } from '../../util/is-record.js';

/** Where a session sends what its server asks of the person. */
export interface ServerRequests {
  /** `signal` aborts, with a reason a person can read, when the server withdraws the request or the connection closes. */
  elicit(input: ElicitInput, signal: AbortSignal, order?: number): Promise<ElicitAnswer>;
  sample(params: CreateMessageRequest['params'], signal: AbortSignal, order?: number): Promise<SampleAnswer>;
  completed(elicitationId: string): void;
}

const AnyParams = z.record(z.string(), z.unknown());

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
  client.setRequestHandler('elicitation/create', { params: AnyParams }, async (params, ctx): Promise<ElicitResult> => {
    const input = parseElicit(params);
    const answer = await requests.elicit(input, withdrawal(client, ctx), orderOf(ctx));
    if (answer.action !== 'accept') return { action: answer.action };
    return input.mode === 'url' ? { action: 'accept' } : { action: 'accept', content: answer.content as ElicitResult['content'] };
  });
  client.setRequestHandler('sampling/createMessage', async (request, ctx): Promise<CreateMessageResult | CreateMessageResultWithTools> => {
    const answer = await requests.sample(request.params as CreateMessageRequest['params'], withdrawal(client, ctx), orderOf(ctx));
    // The spec's example error for a person who refuses to sample.
    if (answer.action === 'decline') throw new ProtocolError(-1, 'the person declined the sampling request');
    const model = answer.model ?? BY_HAND_MODEL;
    if (answer.action === 'tool') {
      // Sampling with tools (2025-11-25): the "model" asks the server to run one of the tools it offered.
      const use = { type: 'tool_use' as const, id: `toolu_${randomUUID().replace(/-/g, '').slice(0, 20)}`, name: answer.name, input: answer.input };
      return { role: 'assistant', content: [use], model, stopReason: 'toolUse' };
    }
    return { role: 'assistant', content: { type: 'text', text: answer.text }, model, stopReason: 'endTurn' };
  });
  client.setNotificationHandler('notifications/elicitation/complete', ({ params }) => requests.completed(params.elicitationId));
}

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
