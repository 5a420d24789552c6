import { createContext, useContext } from 'react';

/** Opens a URL in the person's browser. Injected, so tests never open anything. */
export type Opener = (url: string) => Promise<void>;

/** Absent (tests, a deck without a browser): the UI offers copying the URL instead. */
export const OpenerContext = createContext<Opener | undefined>(undefined);

export function useOpener(): Opener | undefined {
  return useContext(OpenerContext);
}
