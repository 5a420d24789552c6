import { Client, type JSONRPCNotification, type MessageExtraInfo, type Progress } from '@modelcontextprotocol/client';

/**
 * The SDK's client, with two changes:
 * - elicitation requests are taken as sent (server-requests.ts): its wrapper would check
 *   them against the restricted schema subset again and refuse the rest;
 * - progress for a token of our own reaches its listener. The SDK forgets a request's
 *   progress handler when the response arrives, but a 2025-11-25 task's progressToken
 *   stays valid for the task's life: the server may report progress long after it
 *   answered `tools/call` with the task.
 */
export class DeckClient extends Client {
  private readonly ownProgress = new Map<string, (progress: Progress) => void>();
  private tokens = 0;

  /** A progress token of our own for a request, and what stops listening to it. */
  progressToken(listener: (progress: Progress) => void): { token: string; stop: () => void } {
    const token = `mcpdeck-${++this.tokens}`;
    this.ownProgress.set(token, listener);
    return { token, stop: () => this.ownProgress.delete(token) };
  }

  protected override _wrapHandler(method: string, handler: Parameters<Client['_wrapHandler']>[1]): ReturnType<Client['_wrapHandler']> {
    return method === 'elicitation/create' ? handler : super._wrapHandler(method, handler);
  }

  protected override _onnotification(raw: JSONRPCNotification, extra?: MessageExtraInfo): void {
    const listener = raw.method === 'notifications/progress' ? this.ownProgress.get(String(raw.params?.progressToken)) : undefined;
    if (!listener) return super._onnotification(raw, extra);
    const { progress, total, message } = raw.params as Record<string, unknown>;
    if (typeof progress !== 'number') return;
    listener({ progress, ...(typeof total === 'number' && { total }), ...(typeof message === 'string' && { message }) });
  }
}

/** Our own progress token on a client that has them (any session's); none on another client. */
export function ownProgressToken(client: Client, listener: (progress: Progress) => void): ReturnType<DeckClient['progressToken']> | undefined {
  return client instanceof DeckClient ? client.progressToken(listener) : undefined;
}
