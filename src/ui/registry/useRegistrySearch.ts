import { useCallback, useEffect, useRef, useState } from 'react';
import type { RegistryEntry } from '../../core/mcp-registry/server-json.js';
import { useDeck } from '../DeckContext.js';

/** Typing waits this long before the registry is asked (enter asks at once). */
const TYPING_MS = 300;
/** Results kept at most, however many pages a registry offers: past this, `more` stops. */
const MAX_RESULTS = 2_000;

export interface RegistrySearch {
  /** The words the results are for (undefined until the first answer). */
  words?: string;
  entries: readonly RegistryEntry[];
  loading: boolean;
  /** Why the last request failed, as the registry client says it. */
  error?: string;
  /** Items of the answers that were not servers (left out). */
  unreadable: number;
  /** Loads the next page, when there is one and nothing is loading. */
  more?: () => void;
  /** Asks for the words typed now, without waiting for the typing to stop. */
  now: () => void;
}

interface Results {
  words?: string;
  entries: RegistryEntry[];
  next?: string;
  loading: boolean;
  error?: string;
  unreadable: number;
}

/**
 * Searches the registry for `words` as they are typed (debounced), page by page. An
 * answer to words no longer asked for is dropped, so results never jump back.
 */
export function useRegistrySearch(words: string): RegistrySearch {
  const deck = useDeck();
  const [results, setResults] = useState<Results>({ entries: [], loading: true, unreadable: 0 });
  const asked = useRef(0);
  const first = useRef(true);
  const load = useCallback((want: string, cursor?: string, before: RegistryEntry[] = []) => {
    const id = ++asked.current;
    setResults((r) => ({ ...r, loading: true, error: undefined }));
    // The desk reads its settings as it is called: a broken settings file throws there, not in the promise.
    Promise.resolve().then(() => deck.registry.search(want, cursor)).then(
      (page) => {
        if (id !== asked.current) return;
        const seen = new Set(before.map((e) => e.server.name));
        const fresh = page.entries.filter((e) => !seen.has(e.server.name) && seen.add(e.server.name));
        const entries = [...before, ...fresh].slice(0, MAX_RESULTS);
        const next = entries.length < MAX_RESULTS && fresh.length ? page.nextCursor : undefined;
        setResults((r) => ({ words: want, entries, next, loading: false, unreadable: (cursor ? r.unreadable : 0) + page.unreadable }));
      },
      (error: Error) => id === asked.current && setResults((r) => ({ ...r, loading: false, error: error.message })),
    );
  }, [deck]);
  const timer = useRef<NodeJS.Timeout>(undefined);
  useEffect(() => {
    const wait = first.current ? 0 : TYPING_MS;
    first.current = false;
    timer.current = setTimeout(() => load(words), wait);
    return () => clearTimeout(timer.current);
  }, [words, load]);
  // Gone from the screen: a late answer is dropped.
  useEffect(() => () => void asked.current++, []);
  const { next, entries, loading } = results;
  return {
    ...results,
    more: next && !loading ? () => load(results.words ?? '', next, entries) : undefined,
    now: () => {
      clearTimeout(timer.current);
      load(words);
    },
  };
}
