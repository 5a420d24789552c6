import { createContext, useContext, useMemo, useState } from 'react';

/**
 * What screens keep for the session (form drafts, where each list was left), by a key
 * naming what and where. In memory only: it goes with the deck.
 */
export const KeptContext = createContext(new Map<string, unknown>());

export interface Kept<T> {
  /** What was kept when this was last left; read once, when it opens. */
  initial?: T;
  /** Keeps the newest value for the next time it opens. */
  keep: (value: T) => void;
}

/** Something kept across unmounts (leaving a tab or a screen) under `key`, for the session. */
export function useKept<T>(...key: readonly string[]): Kept<T> {
  const kept = useContext(KeptContext);
  const id = JSON.stringify(key);
  const [initial] = useState(() => kept.get(id) as T | undefined);
  return useMemo(() => ({ initial, keep: (value: T) => void kept.set(id, value) }), [kept, id, initial]);
}
