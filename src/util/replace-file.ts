import { chmodSync, mkdirSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

let writes = 0;

/**
 * Replaces a file atomically (a temp file next to it, then a rename), through a
 * symlink to its target. It keeps the file's permissions, or sets `mode` when given
 * (a private file stays 0600 whatever the umask or an old file said).
 */
export function replaceFile(path: string, text: string, mode?: number): void {
  let target = path;
  let keep: number | undefined;
  try {
    target = realpathSync(path);
    keep = statSync(target).mode & 0o777;
  } catch {
    mkdirSync(dirname(resolve(path)), { recursive: true });
  }
  const wanted = mode ?? keep;
  const temp = `${target}.${process.pid}.${++writes}.tmp`;
  try {
    writeFileSync(temp, text, wanted === undefined ? undefined : { mode: wanted });
    // The umask only takes bits away, and a leftover temp file would keep its own mode.
    if (wanted !== undefined) chmodSync(temp, wanted);
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
