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
let installed = false;
/** Commands waiting on ctrl-c themselves (onInterrupt in session/context.ts). */
let interruptsTaken = 0;

/** A command takes ctrl-c for itself until the returned function is called. */
export function takeInterrupt(): () => void {
  interruptsTaken++;
  let given = false;
  return () => {
    if (!given) interruptsTaken--;
    given = true;
  };
}

/** Ends `deck`'s servers if the process is ended by a signal before the deck is closed. */
export function closeOnSignal(deck: Deck): void {
  if (!installed) {
    installed = true;
    for (const signal of Object.keys(SIGNALS) as EndingSignal[]) process.on(signal, () => end(signal));
  }
  open.add(deck);
  const close = deck.close;
  deck.close = () => {
    open.delete(deck);
    return close();
  };
}

function end(signal: EndingSignal): void {
  // A command answers ctrl-c itself (a call it cancels, `status --watch`): it closes its deck.
  if (signal === 'SIGINT' && interruptsTaken > 0) return;
  // A closed terminal fails every write (Ink leaving the screen, a last line): none may end us early.
  if (signal === 'SIGHUP') for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  const code = SIGNALS[signal];
  setTimeout(() => process.exit(code), MAX_CLOSE_MS);
  void Promise.allSettled([...open].map((deck) => deck.close())).then(() => process.exit(code));
}
