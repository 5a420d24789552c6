import { existsSync, realpathSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

/** Tells when any of a set of files may have changed; the set can change while it runs. */
export interface FileWatcher {
  /** The files to watch from now on (absolute paths; ones that do not exist yet count too). */
  watch(paths: readonly string[]): void;
  close(): void;
}

/** Builds a watcher that calls `onChange` (once per burst of changes). Injectable: tests and other hosts bring their own. */
export type WatcherFactory = (onChange: () => void) => FileWatcher;

/** How long a burst of changes may last (an editor's save is several events) before the files are read. */
const SETTLE_MS = 150;

/**
 * Watches the folder of each file, not the file: an editor that saves by writing a new
 * file and renaming it over the old one, and a file created later, are seen too. A folder
 * that does not exist yet is watched through its nearest existing parent. A symlinked
 * file is watched where it points as well. Each folder newly watched is read once more
 * after its watch begins, so a change in the moment before is not missed.
 */
export function folderWatcher(onChange: () => void, settleMs = SETTLE_MS): FileWatcher {
  const watchers = new Map<string, { watcher: FSWatcher; names: Set<string> }>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const changed = () => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => !closed && onChange(), settleMs);
    timer.unref?.();
  };
  const arm = (folder: string, names: Set<string>) => {
    try {
      const watcher = watch(folder, { persistent: false }, (_event, name) => {
        const entry = watchers.get(folder);
        if (!name || !entry || entry.names.has(name.toString())) changed();
      });
      // A folder that goes away ends its watcher: the next read arms what is there then.
      watcher.on('error', () => {
        watcher.close();
        if (watchers.get(folder)?.watcher === watcher) watchers.delete(folder);
        changed();
      });
      watchers.set(folder, { watcher, names });
      // What was written there before this watch began (between the read that named the
      // folder and now, or as the folder was made) raised no event: read once more.
      changed();
    } catch {
      // Unreadable or vanished between the check and the watch: nothing to see there.
    }
  };
  return {
    watch(paths) {
      if (closed) return;
      const wanted = new Map<string, Set<string>>();
      for (const path of paths.flatMap(withTarget)) {
        const [folder, name] = nearestFolder(path);
        (wanted.get(folder) ?? wanted.set(folder, new Set()).get(folder)!).add(name);
      }
      for (const [folder, entry] of watchers) {
        if (!wanted.has(folder)) {
          entry.watcher.close();
          watchers.delete(folder);
        }
      }
      for (const [folder, names] of wanted) {
        const entry = watchers.get(folder);
        if (entry) entry.names = names;
        else arm(folder, names);
      }
    },
    close() {
      closed = true;
      clearTimeout(timer);
      for (const { watcher } of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

/** The path, and where a symlink at it points. */
function withTarget(path: string): string[] {
  try {
    const target = realpathSync(path);
    return target === resolve(path) ? [path] : [path, target];
  } catch {
    return [path];
  }
}

/** The nearest folder that exists on the way to `path`, and the name in it that leads there. */
function nearestFolder(path: string): [string, string] {
  let name = basename(path);
  let folder = dirname(resolve(path));
  while (!existsSync(folder) && dirname(folder) !== folder) {
    name = basename(folder);
    folder = dirname(folder);
  }
  return [folder, name];
}
