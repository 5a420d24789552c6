import { useEffect, useRef, useState } from 'react';
import type { Conversation } from '../../core/models/conversation.js';
import { useDeck } from '../DeckContext.js';

/** A conversation begun on the playground: the servers it has the tools of, and a number for React to tell one from the next. */
export interface Chat {
  conversation: Conversation;
  servers: readonly string[];
  system?: string;
  id: number;
}

export interface ChatControl {
  chat?: Chat;
  /** A new conversation over these servers (the one before is stopped and dropped); throws what the model setting says is wrong. */
  start: (servers: readonly string[], system?: string) => Conversation;
  /** Sends the messages one after the other, until one is stopped; failures end as turns of the conversation. */
  send: (conversation: Conversation, messages: readonly string[]) => Promise<void>;
  /** Stops the turn running: the model's request, a tool call, or a call that asks. */
  stop: () => void;
}

/**
 * The playground's conversation: made when the person starts one (never by a render), its
 * turns stopped with one abort signal per send, and stopped for good when the screen goes.
 */
export function useChat(): ChatControl {
  const deck = useDeck();
  const [chat, setChat] = useState<Chat>();
  const abort = useRef<AbortController | undefined>(undefined);
  const count = useRef(0);
  useEffect(() => () => abort.current?.abort(), []);
  return {
    chat,
    start: (servers, system) => {
      const conversation = deck.models.conversation({ servers, ...(system && { system }) });
      abort.current?.abort();
      setChat({ conversation, servers, system, id: ++count.current });
      return conversation;
    },
    send: async (conversation, messages) => {
      const controller = new AbortController();
      abort.current = controller;
      for (const text of messages) {
        if (controller.signal.aborted) break;
        await conversation.send(text, controller.signal);
      }
    },
    stop: () => abort.current?.abort(),
  };
}
