import type { Store } from '../store.js';
import type { DeckSnapshot } from './state.js';

/**
 * Resolves once no in-process server is still connecting, or after `ms`. Those connect on
 * this thread, in a few milliseconds: the deck's first full frame waits for them rather
 * than show them connecting for a moment and draw the whole screen again.
 */
export function inProcessSettled(servers: Pick<Store<DeckSnapshot>, 'subscribe' | 'getSnapshot'>, ms: number): Promise<void> {
  const connecting = () => servers.getSnapshot().servers.some((s) => s.transport === 'inprocess' && (s.status === 'pending' || s.status === 'connecting'));
  if (!connecting()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = servers.subscribe(() => {
      if (!connecting()) done();
    });
  });
}
