import { commandContext } from './context.js';

/**
 * In the session process, what a command writes to stdout or stderr goes to the client it
 * runs for (found through its async context), and a command asks whether the client's
 * streams are terminals: commands keep writing to `process.stdout` as they do anywhere.
 * What the session itself writes goes where it always did (its log).
 */
export function routeCommandOutput(): void {
  for (const [stream, key] of [[process.stdout, 'o'], [process.stderr, 'e']] as const) {
    const own = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    const ownTTY = stream.isTTY;
    stream.write = ((chunk: string | Uint8Array, encoding?: unknown, callback?: unknown) => {
      const context = commandContext.getStore();
      if (!context) return own(chunk, encoding, callback);
      context.write(key, chunk);
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
      return true;
    }) as typeof stream.write;
    Object.defineProperty(stream, 'isTTY', { configurable: true, get: () => commandContext.getStore()?.isTTY(key) ?? ownTTY });
    Object.defineProperty(stream, 'columns', { configurable: true, get: () => commandContext.getStore()?.columns });
  }
}
