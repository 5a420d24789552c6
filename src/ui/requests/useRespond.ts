import { useState } from 'react';
import type { ElicitAnswer, RespondResult, SampleAnswer } from '../../core/elicitation/types.js';
import { useDeck } from '../DeckContext.js';

export type Refusal = Extract<RespondResult, { ok: false }>;

/** Answers one request; a refused answer (invalid content, already answered) is kept to show. */
export function useRespond(id: number): { refused?: Refusal; respond: (answer: ElicitAnswer | SampleAnswer) => boolean } {
  const deck = useDeck();
  const [refused, setRefused] = useState<Refusal>();
  const respond = (answer: ElicitAnswer | SampleAnswer) => {
    const result = deck.requests.respond(id, answer);
    if (!result.ok) setRefused(result);
    return result.ok;
  };
  return { refused, respond };
}
