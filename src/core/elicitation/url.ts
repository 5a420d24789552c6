import { isRecord } from '../../util/is-record.js';
import type { UrlElicitationNeeded } from './types.js';

/**
 * Where a URL would send the person: the host as the URL parser reads it, so an
 * international or look-alike name shows in its punycode form and "user@host" tricks
 * show the real host.
 */
export function domainOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.host || parsed.protocol;
  } catch {
    return '(not a valid URL)';
  }
}

/** The elicitations a -32042 error's data carries; malformed entries are left out. */
export function parseUrlElicitations(data: unknown): UrlElicitationNeeded[] {
  const list = isRecord(data) && Array.isArray(data.elicitations) ? data.elicitations : [];
  return list.flatMap((e: unknown) => {
    if (!isRecord(e) || typeof e.url !== 'string' || typeof e.elicitationId !== 'string') return [];
    const message = typeof e.message === 'string' ? e.message : '';
    return [{ elicitationId: e.elicitationId, message, url: e.url, domain: domainOf(e.url) }];
  });
}
