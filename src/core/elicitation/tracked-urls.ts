import type { TrackedUrl } from './types.js';

/**
 * How long a page is tracked after its last change: one opened and never said to be
 * done stops counting as open, one named by a -32042 and never opened is forgotten.
 */
export const PAGE_TRACK_MS = 10 * 60_000;
const MAX_URLS = 50;

type Key = { server: string; elicitationId: string };
const same = (a: Key, b: Key) => a.server === b.server && a.elicitationId === b.elicitationId;

/** `urls` with these pages (again) as asked: named by a server, not opened yet. */
export function withAsked(urls: readonly TrackedUrl[], server: string, pages: readonly { elicitationId: string; url: string }[], now: number): TrackedUrl[] {
  const fresh = pages.map((p) => ({ elicitationId: p.elicitationId, server, url: p.url, status: 'asked' as const, since: now }));
  return [...urls.filter((u) => !fresh.some((f) => same(f, u))), ...fresh].slice(-MAX_URLS);
}

/** `urls` with the page moved on to `to` when its status is one of `from`; the same array when nothing matched. */
export function withStatus(urls: readonly TrackedUrl[], key: Key, from: readonly TrackedUrl['status'][], to: TrackedUrl['status'], now: number): readonly TrackedUrl[] {
  const at = urls.findIndex((u) => same(u, key) && from.includes(u.status));
  if (at < 0) return urls;
  return urls.map((u, i) => (i === at ? { ...u, status: to, since: now } : u));
}

/** `urls` without the page while it is not done (done pages stay, for the "✓ done" mark). */
export function withoutOpen(urls: readonly TrackedUrl[], key: Key): readonly TrackedUrl[] {
  return urls.some((u) => same(u, key) && u.status !== 'completed') ? urls.filter((u) => !(same(u, key) && u.status !== 'completed')) : urls;
}

/** `urls` without the pages whose time is up; the same array when none is. */
export function withoutExpired(urls: readonly TrackedUrl[], now: number): readonly TrackedUrl[] {
  return urls.some((u) => u.since + PAGE_TRACK_MS <= now) ? urls.filter((u) => u.since + PAGE_TRACK_MS > now) : urls;
}

/** When the next page's time is up, or undefined with none tracked. */
export function nextExpiry(urls: readonly TrackedUrl[]): number | undefined {
  return urls.length ? Math.min(...urls.map((u) => u.since)) + PAGE_TRACK_MS : undefined;
}

/** The pages the person opened that have not said they are done: what the breadcrumb counts. */
export function openPages(urls: readonly TrackedUrl[]): TrackedUrl[] {
  return urls.filter((u) => u.status === 'open');
}
