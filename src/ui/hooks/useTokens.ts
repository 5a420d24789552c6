import { useEffect } from 'react';
import type { TokenMeter } from '../../core/tokens/meter.js';
import { useDeck } from '../DeckContext.js';
import { useStore } from './useStore.js';

/**
 * The token meter once its tokenizer is loaded (undefined before). A screen that shows
 * counts asks for the load (`wanted`: when there is something to count), so the deck
 * starts without it and counts appear a moment later.
 */
export function useTokens(wanted = true): TokenMeter | undefined {
  const deck = useDeck();
  const loaded = useStore(deck.tokens);
  useEffect(() => {
    if (wanted && !loaded) void deck.tokens.load().catch(() => undefined);
  }, [deck, wanted, loaded]);
  return loaded ? deck.tokens : undefined;
}
