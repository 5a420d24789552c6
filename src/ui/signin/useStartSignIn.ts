import type { SignInRequest } from '../../core/auth/manager.js';
import { useDeck } from '../DeckContext.js';

/**
 * Starts a sign-in (the overlay shows it from the auth store); returns why it could not
 * start, such as a server that is not a remote one.
 */
export function useStartSignIn(): (server: string, request?: SignInRequest) => string | undefined {
  const deck = useDeck();
  return (server, request) => {
    try {
      deck.signIn(server, request);
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };
}
