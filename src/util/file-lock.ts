import { lstatSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/** Holders in this process, by path: they queue here instead of polling the lock file. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `fn` while holding a cross-process lock on `path` (a `<path>.lock` folder next
 * to it; the file itself need not exist). Waits up to ~10 s for another process; a
 * lock left by a process that died is taken over after 10 s.
 */
export function withFileLock<T>(path: string, fn: () => Promise<T> | T): Promise<T> {
  const previous = queues.get(path) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => holding(path, fn));
  const tail = run.catch(() => undefined);
  queues.set(path, tail);
  void tail.then(() => {
    if (queues.get(path) === tail) queues.delete(path);
  });
  return run;
}

/** Something that is not mcpdeck's lock stands where the lock goes; the message says what to remove. */
export class LockInTheWay extends Error {}

async function holding<T>(path: string, fn: () => Promise<T> | T): Promise<T> {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  // The lock is a folder: a file there would be taken for a stale lock that cannot be
  // removed, retried for 20 s, then fail with ENOTDIR.
  const lock = `${path}.lock`;
  const there = lstatSync(lock, { throwIfNoEntry: false });
  if (there && !there.isDirectory()) throw new LockInTheWay(`${lock} is in the way: mcpdeck locks ${path} with a folder of that name, and a file stands there; remove it (rm ${JSON.stringify(lock)}) and try again`);
  // Loaded with the first lock: proper-lockfile brings graceful-fs, which patches fs as it loads (~4 ms).
  const { default: lockfile } = await import('proper-lockfile');
  const release = await lockfile.lock(path, {
    realpath: false,
    stale: 10_000,
    retries: { retries: 60, factor: 1.3, minTimeout: 20, maxTimeout: 400 },
  });
  try {
    return await fn();
  } finally {
    await release().catch(() => undefined);
  }
}
