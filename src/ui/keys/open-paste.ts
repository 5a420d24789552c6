const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';

/**
 * Ends a bracketed paste whose end marker never comes. Ink (8.0) holds a paste until its
 * end marker arrives: a terminal that lost the marker would leave every key after it
 * inside the paste for good, the deck deaf to the keyboard. A paste still open when the
 * input has been quiet for `quietMs` is ended here as if the terminal had sent the marker:
 * Ink reads the marker from `stdin` with the rest of the input, and the paste goes to the
 * field whole. Watches what Ink reads through `stdin.read()`; returns the undo.
 */
export function endOpenPastes(stdin: NodeJS.ReadableStream, quietMs: number): () => void {
  const read = stdin.read;
  let open = false;
  // The end of the last read, where a marker split between two reads begins.
  let tail = '';
  let endDue = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const end = () => {
    open = false;
    tail = '';
    endDue = true;
    stdin.emit('readable');
  };
  const watch = (chunk: string) => {
    const text = tail + chunk;
    const start = text.lastIndexOf(PASTE_START);
    const stop = text.lastIndexOf(PASTE_END);
    if (start !== stop) open = start > stop;
    tail = text.slice(1 - PASTE_START.length);
    clearTimeout(timer);
    if (!open) return;
    timer = setTimeout(end, quietMs);
    timer.unref?.();
  };
  stdin.read = function (this: NodeJS.ReadableStream, ...args: Parameters<NodeJS.ReadableStream['read']>) {
    if (endDue) {
      endDue = false;
      return PASTE_END;
    }
    const chunk = read.apply(this, args);
    if (typeof chunk === 'string') watch(chunk);
    return chunk;
  };
  return () => {
    clearTimeout(timer);
    stdin.read = read;
  };
}
