import { useEffect, useReducer, useState } from 'react';
import type { StoredCredentials } from '../../../core/auth/credentials.js';
import { useDeck } from '../../DeckContext.js';
import { useStore } from '../../hooks/useStore.js';

/** What the Auth tab shows of a saved sign-in: never a token, code or secret. */
export interface AuthDetails {
  signedIn: boolean;
  subject?: string;
  issuer?: string;
  scopes: string[];
  expiresAt?: number;
  refreshable: boolean;
  registered: boolean;
  lastSignIn?: StoredCredentials['lastSignIn'];
  /** Where sign-ins are kept (keychain or file). */
  storage?: string;
  error?: string;
}

function detailsOf(record: StoredCredentials | undefined, storage: string): AuthDetails {
  return {
    signedIn: Boolean(record?.tokens),
    subject: record?.subject,
    issuer: record?.issuer,
    scopes: record?.scopes ?? [],
    expiresAt: record?.expiresAt,
    refreshable: Boolean(record?.tokens?.refresh_token),
    registered: Boolean(record?.client),
    lastSignIn: record?.lastSignIn,
    storage,
  };
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
