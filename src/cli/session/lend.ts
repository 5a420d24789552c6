import { AsyncLocalStorage } from 'node:async_hooks';
import type { Deck } from '../../core/deck.js';
import type { RequestQueue } from '../../core/elicitation/queue.js';
import type { RequestsSnapshot } from '../../core/elicitation/types.js';
import type { ServerStatus } from '../../core/servers/status.js';

/** Statuses a server is still on its way out of. */
const UNSETTLED: ReadonlySet<ServerStatus> = new Set(['pending', 'connecting']);

/** How a lent deck differs for the command that borrows it. */
export interface Lending {
  /** Notices older than this are another command's (a refusal said to it is not this command's). */
  noticesAfter: number;
}

/**
 * The session's deck as one command sees it: closing it leaves it open, connecting a
 * server that is connected keeps its connection (and what the server holds), and every
 * callback the command gives it (progress, task changes, store listeners) runs in the
 * command's context, so what it writes reaches the command's client.
 */
export function lentDeck(deck: Deck, lending: Lending): Deck {
  const requests = lentRequests(deck.requests, lending);
  const events = new Proxy(deck.events, { get: (target, prop) => wrapped(target, prop) });
  const own: Partial<Record<keyof Deck, unknown>> = {
    close: async () => undefined,
    reconnect: async (name: string) => {
      await settled(deck, [name]);
      // A server the session lost (failed, gave up restarting) is tried again; a live one is kept as it is.
      if (deck.server(name)?.status !== 'connected') await deck.reconnect(name);
    },
    connectAll: async () => settled(deck),
    // The session watches the configuration for as long as it runs.
    watchConfig: () => () => undefined,
    requests,
    events,
  };
  return new Proxy(deck, {
    get: (target, prop) => (prop in own ? own[prop as keyof Deck] : wrapped(target, prop)),
  });
}

/** A method of `target` with the caller's callbacks bound to the caller's context; any other value as it is. */
function wrapped(target: object, prop: string | symbol): unknown {
  const value = Reflect.get(target, prop, target) as unknown;
  if (typeof value !== 'function') return value;
  return (...args: unknown[]) => (value as (...a: unknown[]) => unknown).apply(target, args.map(bindCallbacks));
}

/** A function, or a plain object's function fields (a request's onProgress, onTask), bound to the current async context. */
function bindCallbacks(arg: unknown): unknown {
  if (typeof arg === 'function') return AsyncLocalStorage.bind(arg as (...a: unknown[]) => unknown);
  if (arg && typeof arg === 'object' && Object.getPrototypeOf(arg) === Object.prototype) {
    const entries = Object.entries(arg);
    if (!entries.some(([, v]) => typeof v === 'function')) return arg;
    return Object.fromEntries(entries.map(([k, v]) => [k, typeof v === 'function' ? AsyncLocalStorage.bind(v as (...a: unknown[]) => unknown) : v]));
  }
  return arg;
}

/** The queue with only this command's notices (a long-lived deck keeps other commands' too). */
function lentRequests(queue: RequestQueue, lending: Lending): RequestQueue {
  let seen: RequestsSnapshot | undefined;
  let mine: RequestsSnapshot | undefined;
  const getSnapshot = () => {
    const now = queue.getSnapshot();
    if (now !== seen) {
      seen = now;
      mine = { ...now, notices: now.notices.filter((n) => n.id > lending.noticesAfter) };
    }
    return mine!;
  };
  return new Proxy(queue, { get: (target, prop) => (prop === 'getSnapshot' ? getSnapshot : wrapped(target, prop)) });
}

/** The newest notice's id: a command's own notices come after it. */
export const lastNoticeId = (queue: RequestQueue) => queue.getSnapshot().notices.reduce((max, n) => Math.max(max, n.id), 0);

/** Resolves once none of `names` (default: all) is still connecting. */
function settled(deck: Deck, names?: string[]): Promise<void> {
  const done = () => deck.getSnapshot().servers.every((s) => (names && !names.includes(s.name)) || !UNSETTLED.has(s.status));
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = deck.subscribe(() => {
      if (!done()) return;
      stop();
      resolve();
    });
  });
}
