import { useEffect, useReducer, useState } from 'react';
import { summarize, type SignInSummary, type StoredCredentials } from '../../../core/auth/credentials.js';
import { useDeck } from '../../DeckContext.js';
import { useStore } from '../../hooks/useStore.js';

/** What the Auth tab shows of a saved sign-in: never a token, code or secret. */
export interface AuthDetails extends SignInSummary {
  /** Where sign-ins are kept (keychain or file). */
  storage?: string;
  error?: string;
}

function detailsOf(record: StoredCredentials | undefined, storage: string): AuthDetails {
  return { ...summarize(record), storage };
}

/**
 * The saved sign-in of a server URL, read again when a sign-in of this server moves on,
 * when its status changes (a refresh, a sign-out) and on `reload()`.
 */
export function useAuthDetails(server: string, serverUrl: string, status: string): { details?: AuthDetails; reload: () => void } {
  const deck = useDeck();
  const { attempts } = useStore(deck.auth);
  const phase = attempts.find((a) => a.server === server)?.phase;
  const [version, reload] = useReducer((n: number) => n + 1, 0);
  const [details, setDetails] = useState<AuthDetails>();
  useEffect(() => {
    let live = true;
    const { credentials } = deck.auth;
    Promise.all([credentials.read(serverUrl), credentials.describe()]).then(
      ([record, storage]) => live && setDetails(detailsOf(record, storage)),
      (error: Error) => live && setDetails({ ...detailsOf(undefined, ''), error: `could not read the saved sign-in: ${error.message}` }),
    );
    return () => void (live = false);
  }, [deck, serverUrl, phase, status, version]);
  return { details, reload };
}
