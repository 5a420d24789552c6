import type { Resource, ResourceTemplate } from '../../../core/mcp/types.js';
import type { SubscriptionState } from '../../../core/servers/subscriptions.js';

/** A resource or a template, in one list. */
export type ResourceEntry = { kind: 'resource'; item: Resource } | { kind: 'template'; item: ResourceTemplate };

export function resourceEntries(resources: readonly Resource[], templates: readonly ResourceTemplate[]): ResourceEntry[] {
  return [
    ...resources.map((item) => ({ kind: 'resource' as const, item })),
    ...templates.map((item) => ({ kind: 'template' as const, item })),
  ];
}

export const entryUri = (e: ResourceEntry) => (e.kind === 'resource' ? e.item.uri : e.item.uriTemplate);

/** What an entry is known by, as the list's selection follows it. */
export const entryId = (e: ResourceEntry) => `${e.kind} ${entryUri(e)}`;

/** What a resource is found by: its names, URI and description. */
export const haystack = (e: ResourceEntry) => `${e.item.name}\n${e.item.title ?? ''}\n${entryUri(e)}\n${e.item.description ?? ''}`;

/** Time since, in the fewest characters: `now`, `12s`, `3m`, `2h`, `4d`. */
export function ago(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 1) return 'now';
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86_400)}d`;
}

const WATCH_SIGN = '◉';

/** A watched resource's mark in its row, narrow enough for 80 columns: `◉ 3 · 12s`, `◉ 0`, `◉ !` when it failed. */
export function watchMark(record: SubscriptionState, now: number): string {
  if (record.error) return `${WATCH_SIGN} !`;
  const since = record.lastUpdate === undefined ? '' : ` · ${ago(now - record.lastUpdate)}`;
  return `${WATCH_SIGN} ${record.updates > 9999 ? '9999+' : record.updates}${since}`;
}

/** The same in words, for the detail under the list and the line over the pager. */
export function watchWords(record: SubscriptionState, now: number): string {
  if (record.error) return `${WATCH_SIGN} ${record.error}`;
  const count = `${record.updates} update${record.updates === 1 ? '' : 's'}`;
  if (record.lastUpdate === undefined) return `${WATCH_SIGN} watched · ${count}`;
  const since = ago(now - record.lastUpdate);
  return `${WATCH_SIGN} watched · ${count} · last ${since === 'now' ? 'just now' : `${since} ago`}`;
}
