import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** A message this large leaves garbage worth collecting at once (its bytes, its text, its parse). */
export const LARGE_MESSAGE_BYTES = 8 * 2 ** 20;
/** How long after the last large message the collection waits: the message is handled by then. */
const COLLECT_AFTER_MS = 1000;

type Collect = () => void;

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
