import type { ServerDrift } from '../../core/drift/compare.js';
import type { DriftSnapshot } from '../../core/drift/watch.js';
import { useDeck } from '../DeckContext.js';
import { useStore } from '../hooks/useStore.js';

const NONE: DriftSnapshot = {};
/** A deck that keeps no definitions (a test's) has no drift. */
const idle = { subscribe: () => () => undefined, getSnapshot: () => NONE };

/** Every server's drift, live: only servers whose definitions differ from the accepted ones are in it. */
export function useDrift(): DriftSnapshot {
  return useStore(useDeck().drift ?? idle);
}

export function useServerDrift(name: string): ServerDrift | undefined {
  return useDrift()[name];
}
