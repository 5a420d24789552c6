import { AsyncLocalStorage } from 'node:async_hooks';
import type { Deck } from '../../core/deck.js';
import type { DeckScope, Invocation, TargetOptions } from '../target.js';
import { takeInterrupt } from '../ending.js';

/**
 * A command that a session runs for a client: its output goes to that client, and it
 * borrows the session's Deck instead of opening one. Outside a session there is none, and
 * commands open their own deck and listen for Ctrl-C as usual.
 */
export interface CommandContext {
  /** The session's deck, lent for this command; throws when the command is about a server the session does not hold. */
  lend(options: TargetOptions, inv: Invocation, scope: DeckScope): Promise<Deck>;
  /** The client pressed Ctrl-C (or went away): returns the function that stops listening. */
  onInterrupt(fn: () => void): () => void;
  /** The command wrote to stdout (`o`) or stderr (`e`). */
  write(stream: 'o' | 'e', chunk: string | Uint8Array): void;
  /** Whether the client's stdout / stderr is a terminal, and how wide. */
  isTTY(stream: 'o' | 'e'): boolean;
  columns?: number;
}

export const commandContext = new AsyncLocalStorage<CommandContext>();

/** Ctrl-C for a command: the client's, in a session; the process's otherwise. */
export function onInterrupt(fn: () => void): () => void {
  const context = commandContext.getStore();
  if (context) return context.onInterrupt(fn);
  return takeInterrupt(fn);
}

/** Whether this command runs in a session, for a client (its stdin is not the person's). */
export const inSession = (): boolean => commandContext.getStore() !== undefined;
