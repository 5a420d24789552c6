import { useEffect } from 'react';
import type { TokenMeter } from '../../core/tokens/meter.js';
import { useDeck } from '../DeckContext.js';
import { useStore } from './useStore.js';

/**
 * The token meter once its tokenizer is loaded (undefined before). A screen that shows
 * counts asks for the load (`wanted`: when there is something to count), so the deck
 * starts without it and counts appear a moment later.
 */
const LOAD_DELAY_MS = 250;

export function useTokens(wanted = true): TokenMeter | undefined {
  const deck = useDeck();
  const loaded = useStore(deck.tokens);
  useEffect(() => {
    if (!wanted || loaded) return;
    // A moment later: compiling the tokenizer's 2.7 MB holds the main thread, and the frame
    // that shows the first server connected must reach the terminal before it.
    const timer = setTimeout(() => void deck.tokens.load().catch(() => undefined), LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [deck, wanted, loaded]);
  return loaded ? deck.tokens : undefined;
}
