import { createHash } from 'node:crypto';
import { join } from 'node:path';

/** A lock file name for an account: accounts are URLs, not file names. */
export function lockPath(locksDir: string, account: string): string {
  return join(locksDir, `${createHash('sha256').update(account).digest('hex').slice(0, 24)}`);
}
