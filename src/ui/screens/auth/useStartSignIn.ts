import type { SignInRequest } from '../../../core/auth/manager.js';
import type { SignInPhase } from '../../../core/auth/sign-in.js';
import { useDeck } from '../../DeckContext.js';

const OVER = new Set<SignInPhase>(['signed-in', 'failed', 'cancelled']);

/**
 * Starts a sign-in (the overlay shows it from the auth store); returns why it could not
 * start, such as a server that is not a remote one.
 */
export function useStartSignIn(): (server: string, request?: SignInRequest) => string | undefined {
  const deck = useDeck();
  return (server, request) => {
    try {
      deck.remoteConfig(server);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    // A sign-in that just ended is still saving its trace, and would be handed back
    // instead of a new one: start after it is done.
    const ending = deck.auth.attempt(server);
    if (ending && OVER.has(ending.snapshot.phase)) void ending.done.then(() => deck.signIn(server, request));
    else deck.signIn(server, request);
    return undefined;
  };
}
