import type { Deck } from '../core/deck.js';
import { Exit } from './exit-codes.js';

// A deck's stdio servers run in process groups of their own (so a server's workers end with
// it), and a signal to the terminal's group never reaches them: a deck ended by a signal
// ends its servers first. The terminal closed (SIGHUP), a kill (SIGTERM), or ctrl-c that no
// command takes for itself (a call takes it to cancel, then ends and closes its deck).

/** The code each ends with (128 and the signal's number, as a shell reports it). */
const SIGNALS = { SIGHUP: Exit.hangup, SIGINT: Exit.interrupted, SIGTERM: Exit.terminated } as const;
type EndingSignal = keyof typeof SIGNALS;

/** Closing is bounded: a server that will not end is the stdio transport's to kill, not ours to wait on. */
const MAX_CLOSE_MS = 5_000;

const open = new Set<Deck>();
/** What commands do on ctrl-c themselves (onInterrupt in session/context.ts), each once. */
const interruptTakers = new Set<() => void>();
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  for (const signal of Object.keys(SIGNALS) as EndingSignal[]) process.on(signal, () => end(signal));
}

/** A command takes the next ctrl-c for itself (`fn` runs once) until the returned function is called. */
export function takeInterrupt(fn: () => void): () => void {
  install();
  interruptTakers.add(fn);
  return () => void interruptTakers.delete(fn);
}

/** Ends `deck`'s servers if the process is ended by a signal before the deck is closed. */
export function closeOnSignal(deck: Deck): void {
  install();
  open.add(deck);
  // Closed by its command, it is no longer this module's to close.
  const close = deck.close;
  deck.close = () => {
    open.delete(deck);
    return close();
  };
}

function end(signal: EndingSignal): void {
  // A command answers ctrl-c itself (a call it cancels, `status --watch`): it closes its deck.
  if (signal === 'SIGINT' && interruptTakers.size) {
    const takers = [...interruptTakers];
    interruptTakers.clear();
    for (const fn of takers) fn();
    return;
  }
  // A closed terminal fails every write (Ink leaving the screen, a last line): none may end us early.
  if (signal === 'SIGHUP') for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  const code = SIGNALS[signal];
  setTimeout(() => process.exit(code), MAX_CLOSE_MS);
  void Promise.allSettled([...open].map((deck) => deck.close())).then(() => process.exit(code));
}
