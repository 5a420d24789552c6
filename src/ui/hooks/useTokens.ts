import { useEffect, useState } from 'react';
import type { TokenMeter } from '../../core/tokens/meter.js';
import { useDeck } from '../DeckContext.js';
import { useStore } from './useStore.js';

/**
 * A moment after there is something to count: the counter's process starts then, and the
 * frame that shows the first server connected reaches the terminal before it.
 */
const ASK_DELAY_MS = 250;

/**
 * The token meter, once a screen that shows counts has something to count (`wanted`), and
 * undefined before. Its counts are undefined until they land, and the screen draws again
 * then; once any have landed, a screen gets the meter at once.
 */
export function useTokens(wanted = true): TokenMeter | undefined {
  const deck = useDeck();
  const landed = useStore(deck.tokens);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!wanted || waited || landed) return;
    const timer = setTimeout(() => setWaited(true), ASK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted, waited, landed]);
  return wanted && (waited || landed > 0) ? deck.tokens : undefined;
}
