import { useEffect, useRef, useState } from 'react';
import type { SampleAnswer, SamplingRequest } from '../../../core/elicitation/types.js';
import { useDeck } from '../../DeckContext.js';
import { sanitize } from '../../../util/sanitize.js';

export type ModelDraft =
  | { phase: 'idle' }
  | { phase: 'asking'; model?: string }
  | { phase: 'tool'; answer: Extract<SampleAnswer, { action: 'tool' }> }
  | { phase: 'failed'; message: string };

/**
 * The configured model drafts the answer to a sampling request when the person asks
 * (their yes to sending it): a text lands in the reply to read and edit before it is sent;
 * a tool use waits for the person's send. Leaving the request stops the model.
 */
export function useModelDraft(request: SamplingRequest, onText: (text: string) => void): { draft: ModelDraft; ask?: () => void; accept?: () => SampleAnswer; modelOf: (text: string) => string | undefined } {
  const deck = useDeck();
  const [draft, setDraft] = useState<ModelDraft>({ phase: 'idle' });
  const abort = useRef<AbortController>(undefined);
  // The model's last text, to say who wrote what is sent: the model, or the model and the person.
  const drafted = useRef<{ text: string; model: string }>(undefined);
  useEffect(() => () => abort.current?.abort(), []);
  const ask = () => {
    abort.current?.abort();
    const controller = (abort.current = new AbortController());
    let model: string | undefined;
    try {
      model = deck.models.endpoint().spec;
    } catch (error) {
      return setDraft({ phase: 'failed', message: (error as Error).message });
    }
    setDraft({ phase: 'asking', model });
    deck.models.answerSample(request, undefined, controller.signal).then(
      ({ usage: _usage, ...answer }) => {
        if (controller.signal.aborted) return;
        if (answer.action === 'tool') return setDraft({ phase: 'tool', answer });
        // A model's text is untrusted like a server's: no terminal controls reach the editor.
        if (answer.action === 'reply') {
          drafted.current = { text: sanitize(answer.text), model: answer.model ?? model ?? 'the model' };
          onText(drafted.current.text);
        }
        setDraft({ phase: 'idle' });
      },
      (error: Error) => !controller.signal.aborted && setDraft({ phase: 'failed', message: error.message }),
    );
  };
  return {
    draft,
    ask: draft.phase === 'asking' ? undefined : ask,
    accept: draft.phase === 'tool' ? () => draft.answer : undefined,
    modelOf: (text) => (drafted.current ? (text === drafted.current.text ? drafted.current.model : `${drafted.current.model}, edited by hand`) : undefined),
  };
}
