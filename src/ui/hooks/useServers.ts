import { useSyncExternalStore } from 'react';
import type { ServerState } from '../../core/servers/state.js';
import { useDeck } from '../DeckContext.js';

/** Every server, live: a new array only when something changed. */
export function useServers(): readonly ServerState[] {
  const deck = useDeck();
  return useSyncExternalStore(deck.subscribe, deck.getSnapshot).servers;
}

export function useServer(name: string): ServerState | undefined {
  return useServers().find((s) => s.name === name);
}
