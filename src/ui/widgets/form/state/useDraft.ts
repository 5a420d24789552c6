import { createContext, useContext, useState } from 'react';

type Args = Record<string, unknown>;

/**
 * What was typed in each arguments form this session, sent or not, by the form's key
 * (a server and its prompt, template or tool). In memory only: it goes with the deck.
 */
export const DraftsContext = createContext(new Map<string, Args>());

export interface Draft {
  /** What the form held when it was last left; read once, when it opens. */
  initial?: Args;
  /** For SchemaForm's onChange: keeps each change. */
  keep: (args: Args) => void;
}

/** A form's draft, so leaving it (esc, another tab) and opening it again loses nothing typed. */
export function useDraft(...key: readonly string[]): Draft {
  const drafts = useContext(DraftsContext);
  const id = JSON.stringify(key);
  const [initial] = useState(() => drafts.get(id));
  return { initial, keep: (args) => void drafts.set(id, args) };
}
