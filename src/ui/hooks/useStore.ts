import { useSyncExternalStore } from 'react';
import type { Store } from '../../core/store.js';

/** Reads any core store; the component redraws when it changes. */
export function useStore<T>(store: Pick<Store<T>, 'subscribe' | 'getSnapshot'>): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
