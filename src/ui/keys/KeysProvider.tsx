import { createContext, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { useInput, usePaste, useStdin, type Key } from 'ink';
import { Dispatcher } from './dispatcher.js';
import { endOpenPastes } from './open-paste.js';

export const KeysContext = createContext<Dispatcher | null>(null);

/** A paste left open this long with no input after it ends there (open-paste.ts). */
const PASTE_QUIET_MS = 1000;

type Read = { input: string; key: Key } | { paste: string };

/** Reads keys one at a time: each after the screen has drawn what the one before did. */
class Reader {
  /** Reads that came while a key was still being drawn. */
  private queue: Read[] = [];
  private drawn = true;

  constructor(private readonly dispatcher: Dispatcher, private readonly redraw: () => void) {
    dispatcher.paced = true;
  }

  read = (input: string, key: Key): void => this.take({ input, key });

  /** Pasted text (a bracketed paste, which Ink reads whole): one read, for the focused field. */
  paste = (text: string): void => {
    if (text) this.take({ paste: text });
  };

  /** The screen has drawn the last key: read the next one waiting, if any. */
  drew(): void {
    this.drawn = true;
    if (this.dispatcher.hasWaiting() || this.queue.length) queueMicrotask(this.next);
  }

  private take(read: Read): void {
    if (this.drawn && !this.dispatcher.hasWaiting() && !this.queue.length) this.run(read);
    else this.queue.push(read);
  }

  private next = (): void => {
    if (!this.drawn) return;
    // The rest of a read comes before what was read after it.
    if (this.dispatcher.hasWaiting()) return this.run(undefined);
    const read = this.queue.shift();
    if (read) this.run(read);
  };

  private run(read: Read | undefined): void {
    this.drawn = false;
    this.redraw();
    if (!read) void this.dispatcher.readNext();
    else if ('paste' in read) void this.dispatcher.paste(read.paste);
    else void this.dispatcher.dispatch(read.input, read.key);
  }
}

/**
 * The one place that reads key presses; everything else registers layers with useKeys.
 *
 * Keys are read one at a time, each after React has drawn what the one before did (and
 * the layers it opened or closed are live): keys typed faster than they are read (over
 * SSH, tmux send-keys, a busy event loop) arrive in one read, and `j` then Enter must open
 * the tool `j` moved to, `n n` move the search on twice. A read is split into its keys by
 * the dispatcher; pasted text (bracketed paste) is one read for the focused field.
 */
export function KeysProvider({ children, dispatcher: given }: { children: ReactNode; dispatcher?: Dispatcher }) {
  const [dispatcher] = useState(() => given ?? new Dispatcher());
  // Every key renders this component too: its layout effect runs once the whole screen has.
  const [drawn, setDrawn] = useState(0);
  const [reader] = useState(() => new Reader(dispatcher, () => setDrawn((n) => n + 1)));
  useLayoutEffect(() => reader.drew(), [reader, drawn]);
  useInput(reader.read);
  // Ink turns the terminal's bracketed paste on while this listens.
  usePaste(reader.paste);
  const { stdin } = useStdin();
  useEffect(() => endOpenPastes(stdin, PASTE_QUIET_MS), [stdin]);
  return <KeysContext.Provider value={dispatcher}>{children}</KeysContext.Provider>;
}
