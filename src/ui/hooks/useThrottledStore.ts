import { useMemo, useSyncExternalStore } from 'react';
import type { Store } from '../../core/store.js';

/**
 * Reads a core store that changes faster than a person reads (a model streaming a word at a
 * time): the component draws again at most once every `ms`, with the newest snapshot, and
 * at once after a quiet spell. Every change is still drawn: the last one always is.
 */
export function useThrottledStore<T>(store: Pick<Store<T>, 'subscribe' | 'getSnapshot'>, ms: number): T {
  const subscribe = useMemo(() => (listener: () => void) => {
    let timer: NodeJS.Timeout | undefined;
    let last = 0;
    const off = store.subscribe(() => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        listener();
      }, Math.max(0, last + ms - Date.now()));
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [store, ms]);
  return useSyncExternalStore(subscribe, store.getSnapshot);
}
