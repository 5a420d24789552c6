import { noteMessageSize } from './large-message.js';

/** The largest message taken: a 50 MB result fits, with room for JSON's escapes. */
export const MAX_LINE = 100 * 2 ** 20;
/** The first buffer for a line that spans chunks; it doubles as the line grows. */
const PARTIAL_MIN = 64 * 2 ** 10;

/**
 * Splits a server's stdout into lines. The bytes of a line not yet ended are copied into
 * one buffer grown by doubling: holding the pipe's 64 KB chunks until the line ends, then
 * joining them, left a 50 MB line's 800 chunks scattered through the allocator's heap,
 * which it could not give back (about 40 MB of RSS after they were freed); one large
 * buffer is given back whole.
 */
export class LineSplitter {
  private partial: Buffer | undefined;
  private partialBytes = 0;

  /**
   * Hands each whole line of `chunk` (with what came before it) to `onLine` while `more()`
   * holds; returns why reading must stop when a line grows past MAX_LINE.
   */
  push(chunk: Buffer, onLine: (line: string) => void, more: () => boolean): string | undefined {
    let start = 0;
    let newline: number;
    while (more() && (newline = chunk.indexOf(10, start)) !== -1) {
      let bytes = chunk.subarray(start, newline);
      start = newline + 1;
      if (this.partialBytes) {
        bytes = this.keep(bytes).subarray(0, this.partialBytes);
        this.partial = undefined;
        this.partialBytes = 0;
      }
      onLine(bytes.toString('utf8').replace(/\r$/, ''));
      noteMessageSize(bytes.length);
    }
    if (!more() || start === chunk.length) return undefined;
    if (this.partialBytes + chunk.length - start > MAX_LINE) {
      this.partial = undefined;
      this.partialBytes = 0;
      return `the server sent a message over ${MAX_LINE / 2 ** 20} MiB on stdout, more than mcpdeck takes`;
    }
    this.keep(chunk.subarray(start));
    return undefined;
  }

  /** Appends `bytes` to the line not yet ended; returns the buffer that holds it. */
  private keep(bytes: Buffer): Buffer {
    const need = this.partialBytes + bytes.length;
    if (!this.partial || this.partial.length < need) {
      const grown = Buffer.allocUnsafeSlow(Math.max(need, 2 * (this.partial?.length ?? 0), PARTIAL_MIN));
      this.partial?.copy(grown, 0, 0, this.partialBytes);
      this.partial = grown;
    }
    bytes.copy(this.partial, this.partialBytes);
    this.partialBytes = need;
    return this.partial;
  }
}
