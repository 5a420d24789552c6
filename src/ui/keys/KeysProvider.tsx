import { createContext, useState, type ReactNode } from 'react';
import { useInput } from 'ink';
import { Dispatcher } from './dispatcher.js';

export const KeysContext = createContext<Dispatcher | null>(null);

/** The one place that reads key presses; everything else registers layers with useKeys. */
export function KeysProvider({ children, dispatcher: given }: { children: ReactNode; dispatcher?: Dispatcher }) {
  const [dispatcher] = useState(() => given ?? new Dispatcher());
  useInput((input, key) => void dispatcher.dispatch(input, key));
  return <KeysContext.Provider value={dispatcher}>{children}</KeysContext.Provider>;
}
