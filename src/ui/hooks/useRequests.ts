import type { RequestsSnapshot } from '../../core/elicitation/types.js';
import { useDeck } from '../DeckContext.js';
import { useStore } from './useStore.js';

/** What servers are asking of the person now: the queue, notices, tracked URLs. */
export function useRequests(): RequestsSnapshot {
  return useStore(useDeck().requests);
}
