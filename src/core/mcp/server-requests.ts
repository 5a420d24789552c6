import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Protocol, type RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CancelledNotificationSchema,
  CreateMessageRequestSchema,
  ElicitationCompleteNotificationSchema,
  ElicitRequestURLParamsSchema,
  ErrorCode,
  McpError,
  type CreateMessageRequest,
  type CreateMessageResult,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ElicitInput } from '../elicitation/queue.js';
import type { ElicitAnswer, FormElicitation, SampleAnswer } from '../elicitation/types.js';
import { isRecord } from '../../util/is-record.js';

/** Where a session sends what its server asks of the person. */
export interface ServerRequests {
  /** `signal` aborts, with a reason a person can read, when the server withdraws the request or the connection closes. */
  elicit(input: ElicitInput, signal: AbortSignal): Promise<ElicitAnswer>;
  sample(params: CreateMessageRequest['params'], signal: AbortSignal): Promise<SampleAnswer>;
  completed(elicitationId: string): void;
}

/** The model name a hand-written reply carries when the person gives none. */
const BY_HAND_MODEL = 'mcpdeck (written by hand)';

// Only the method: the params reach us as the server sent them.
const RawElicitRequestSchema = z.object({ method: z.literal('elicitation/create'), params: z.record(z.string(), z.unknown()) });

type Extra = RequestHandlerExtra<never, never>;

export function installServerRequests(client: Client, requests: ServerRequests): void {
  const elicit = async (request: z.infer<typeof RawElicitRequestSchema>, extra: Extra): Promise<ElicitResult> => {
    const input = parseElicit(request.params);
    const answer = await requests.elicit(input, withdrawal(client, extra.signal));
    if (answer.action !== 'accept') return { action: answer.action };
    return input.mode === 'url' ? { action: 'accept' } : { action: 'accept', content: answer.content as ElicitResult['content'] };
  };
  // Client.setRequestHandler re-parses elicitation requests with the SDK's schema of the
  // restricted subset: it silently drops keywords it does not know (`pattern`) and refuses
  // the rest (a nested object) with an error the person never sees. Installed one level
  // down, the person sees the request as sent, and we check answers against the schema
  // as sent (elicitation/content.ts), defaults included, since we declare applyDefaults.
  (Protocol.prototype.setRequestHandler as (this: Client, schema: typeof RawElicitRequestSchema, handler: typeof elicit) => void).call(
    client,
    RawElicitRequestSchema,
    elicit,
  );
  client.setRequestHandler(CreateMessageRequestSchema, async (request, extra): Promise<CreateMessageResult> => {
    const answer = await requests.sample(request.params, withdrawal(client, extra.signal));
    // The spec's example error for a person who refuses to sample.
    if (answer.action === 'decline') throw new McpError(-1, 'the person declined the sampling request');
    return { role: 'assistant', content: { type: 'text', text: answer.text }, model: answer.model ?? BY_HAND_MODEL, stopReason: 'endTurn' };
  });
  client.setNotificationHandler(ElicitationCompleteNotificationSchema, ({ params }) => requests.completed(params.elicitationId));
  // The SDK drops notifications/cancelled for request id 0 (it tests the id for
  // truthiness), and 0 is the first id a server uses: the first question it withdraws
  // would stay on screen. This handler replaces the SDK's and aborts any id.
  const handlers = (client as unknown as { _requestHandlerAbortControllers?: Map<unknown, AbortController> })._requestHandlerAbortControllers;
  if (handlers) {
    client.setNotificationHandler(CancelledNotificationSchema, ({ params }) => {
      if (params.requestId !== undefined) handlers.get(params.requestId)?.abort(params.reason);
    });
  }
}

function parseElicit(params: Record<string, unknown>): ElicitInput {
  if (params.mode === 'url') {
    const parsed = ElicitRequestURLParamsSchema.safeParse(params);
    if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, 'a URL elicitation needs a message, an elicitationId and a valid url');
    const { message, url, elicitationId } = parsed.data;
    return { mode: 'url', message, url, elicitationId };
  }
  if (params.mode !== undefined && params.mode !== 'form') {
    throw new McpError(ErrorCode.InvalidParams, `unknown elicitation mode ${JSON.stringify(params.mode)}`);
  }
  if (typeof params.message !== 'string' || !isRecord(params.requestedSchema)) {
    throw new McpError(ErrorCode.InvalidParams, 'a form elicitation needs a message and a requestedSchema object');
  }
  return { mode: 'form', message: params.message, requestedSchema: params.requestedSchema as FormElicitation['requestedSchema'] };
}

/**
 * A signal that aborts with why the request went away. The SDK aborts a handler's
 * signal both for notifications/cancelled (with the server's reason) and when the
 * connection closes; in the second case it forgets the transport right after, so a
 * moment later the two read apart.
 */
function withdrawal(client: Client, signal: AbortSignal): AbortSignal {
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
