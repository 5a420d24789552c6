import { useContext, useSyncExternalStore } from 'react';
import { KeysContext } from '../keys/KeysProvider.js';
import type { Hint } from '../keys/dispatcher.js';

/** What the keys do right now, for the footer. */
export function useLiveHints(): Hint[] {
  const dispatcher = useContext(KeysContext)!;
  useSyncExternalStore(dispatcher.subscribe, dispatcher.getVersion);
  return dispatcher.live();
}
