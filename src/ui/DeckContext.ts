import { createContext, useContext } from 'react';
import type { Deck } from '../core/deck.js';

export const DeckContext = createContext<Deck | null>(null);

export function useDeck(): Deck {
  const deck = useContext(DeckContext);
  if (!deck) throw new Error('useDeck needs a DeckContext');
  return deck;
}
