import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Writes a private file atomically: a 0600 temp file next to it, then a rename. */
export function writePrivateFile(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temp, text, { mode: 0o600 });
  // umask can only take bits away, but a pre-existing temp name would keep its mode.
  chmodSync(temp, 0o600);
  renameSync(temp, path);
}
