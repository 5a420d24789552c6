import type { AppQuestion } from '../../core/apps/questions.js';
import { useDeck } from '../DeckContext.js';
import { useStore } from '../hooks/useStore.js';

/** What open apps ask the person now, oldest first. */
export function useAppQuestions(): readonly AppQuestion[] {
  return useStore(useDeck().apps.questions);
}
