import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** A message this large leaves garbage worth collecting at once (its bytes, its text, its parse). */
export const LARGE_MESSAGE_BYTES = 8 * 2 ** 20;
/** How long after the last large message the collection waits: the message is handled by then. */
const COLLECT_AFTER_MS = 1000;

/** `gc()` as V8's extension takes it: `last-resort` collects until nothing more is freed and gives the spare heap back. */
type Collect = (options?: { type: 'major'; execution: 'sync'; flavor: 'regular' | 'last-resort' }) => void;

let fullCollection: Collect | null | undefined;
/**
 * V8's full collection, without `--expose-gc` on the command line: the flag set now exposes
 * `gc` to contexts made after it (one here), never to the deck's own global scope.
 */
function v8Collect(): Collect | null {
  if (fullCollection === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      fullCollection = runInNewContext('gc') as Collect;
    } catch {
      fullCollection = null;
    }
  }
  return fullCollection;
}

/**
 * Collects the garbage a large message leaves, once it has been handled. A 50 MB result
 * read from stdio passes through its chunks, one buffer, the line as text and the parsed
 * text (about 200 MB): the deck keeps one of them, and an idle deck allocates too little
 * for V8 to collect the rest on its own for a long while, so the process held it all.
 * Several large messages in a row cost one collection, after the last.
 */
export function largeMessageCollector({ collect = v8Collect, delayMs = COLLECT_AFTER_MS, threshold = LARGE_MESSAGE_BYTES } = {}): (bytes: number) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (bytes) => {
    if (bytes < threshold) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      collect()?.();
    }, delayMs);
    timer.unref();
  };
}

/** The process's one collector: every transport notes its large messages here. */
export const noteMessageSize = largeMessageCollector();

/** How long after the servers settle the deck gives back what starting took. */
const SETTLED_MS = 1000;

/**
 * Gives back what starting up took, once the servers have settled: loading the bundle, the
 * SDKs' schemas and the first frames grow V8's young generation to 16 MiB and leave garbage
 * that an idle deck would hold for a long while (V8's own memory reducer waits for a long
 * quiet spell). V8's last-resort collection, as it does under memory pressure, takes 20 to
 * 40 ms once, when nothing else is happening; about 20 MiB of RSS go back.
 */
export function releaseStartupMemory({ collect = v8Collect, delayMs = SETTLED_MS } = {}): void {
  setTimeout(() => collect()?.({ type: 'major', execution: 'sync', flavor: 'last-resort' }), delayMs).unref();
}
