import type { AuthManager } from '../auth/manager.js';
import type { RequestQueue } from '../elicitation/queue.js';
import type { CallHold } from '../mcp/call.js';
import type { SessionOptions } from '../mcp/session.js';

/** A call of `server` waits without a deadline while the server's question or a sign-in waits for the person. */
export function callHold(server: string, requests: RequestQueue, auth?: AuthManager): CallHold {
  return {
    held: () => requests.hasPending(server) || Boolean(auth?.isSigningIn(server)),
    subscribe: (listener) => {
      const stops = [requests.subscribe(listener), auth?.subscribe(listener)];
      return () => stops.forEach((stop) => stop?.());
    },
  };
}

/** Where `server`'s elicitation and sampling requests go: the queue the person answers. */
export function serverRequests(server: string, requests: RequestQueue): NonNullable<SessionOptions['requests']> {
  return {
    elicit: (input, signal, order) => requests.elicit(server, input, signal, order),
    sample: (params, signal, order) => requests.sample(server, params, signal, order),
    completed: (elicitationId) => requests.complete(server, elicitationId),
  };
}
