// The folder watcher behind the deck's live configuration: a change made just before a
// folder's watch begins raises no event of its own, so each newly watched folder is read
// once more (the race `mcpdeck add` lost against a busy deck: the folder made, the read
// finding no file yet, the file written, and only then the folder watched).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { folderWatcher, type FileWatcher } from '../../src/core/config/watch.js';
import { until } from '../helpers/until.js';

const SETTLE_MS = 20;

/** Counts the watcher's calls; `atLeast(n)` waits (bounded) until `n` have come. */
function counter() {
  let calls = 0;
  return {
    onChange: () => void calls++,
    get calls() {
      return calls;
    },
    atLeast: (n: number) => until(() => calls >= n, `${n} change(s)`, { ms: 5_000 }),
  };
}

describe('folderWatcher', () => {
  let watcher: FileWatcher | undefined;
  afterEach(() => watcher?.close());

  it('reads once when a watch begins: a file written before it is not missed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-watch-'));
    const file = join(dir, 'servers.json');
    writeFileSync(file, '{}');
    const seen = counter();
    watcher = folderWatcher(seen.onChange, SETTLE_MS);
    watcher.watch([file]);
    await seen.atLeast(1);
  });

  it('a folder made later is watched, and what was written in it before its watch is read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-watch-'));
    const file = join(dir, 'config', 'servers.json');
    const seen = counter();
    watcher = folderWatcher(seen.onChange, SETTLE_MS);
    watcher.watch([file]);
    await seen.atLeast(1);
    // The folder and the file both come before the reader names the folder again.
    mkdirSync(join(dir, 'config'));
    writeFileSync(file, '{"a":1}');
    await seen.atLeast(2);
    const before = seen.calls;
    watcher.watch([file]);
    await seen.atLeast(before + 1);
    // Watched now: the next write is seen as it happens.
    const armed = seen.calls;
    writeFileSync(file, '{"a":2}');
    await seen.atLeast(armed + 1);
  });

  it('a folder already watched is not read again when the set is named again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-watch-'));
    const file = join(dir, 'servers.json');
    const seen = counter();
    watcher = folderWatcher(seen.onChange, SETTLE_MS);
    watcher.watch([file]);
    await seen.atLeast(1);
    const after = seen.calls;
    watcher.watch([file]);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS * 10));
    expect(seen.calls).toBe(after);
  });
});
