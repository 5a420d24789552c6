/** A tiny external store for useSyncExternalStore: snapshots are immutable and
 * reference-stable until the next update. */
export interface Store<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): T;
}

export interface WritableStore<T> extends Store<T> {
  update(fn: (prev: T) => T): void;
}

export function createStore<T>(initial: T): WritableStore<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    update(fn) {
      const next = fn(state);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
  };
}
