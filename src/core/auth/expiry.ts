import type { StoredCredentials } from './credentials.js';

/** Refresh this long before expiry: a minute, or a quarter of a short-lived token's life. */
export function refreshDue(record: StoredCredentials, now: number): boolean {
  if (!record.expiresAt) return false;
  const life = record.savedAt !== undefined ? record.expiresAt - record.savedAt : 240_000;
  return now >= record.expiresAt - Math.min(60_000, life / 4);
}
