import type { Client } from '@modelcontextprotocol/client';
import type { Tool } from '../mcp/types.js';
import { LIST_METHODS, listAll, type Listed, type ListKind as ListName } from '../mcp/list.js';
import { ListRequestError } from '../mcp/errors.js';
import type { ListNotes, ServerState } from './state.js';

export type ListKind = 'tools' | 'resources' | 'prompts';

export interface ListWatch {
  /** The lists to ask for (those the server offers and the deck wants). */
  kinds: ListKind[];
  /** Bounds each page, during connect and on every refresh. */
  timeout: number;
  /** The tools as the state keeps them (the allow/block filter applied). */
  tools: (all: Tool[]) => Pick<ServerState, 'tools' | 'hiddenTools'>;
  /** Applies an answer, unless the session is no longer the current one. */
  apply: (change: Partial<ServerState>) => void;
  /** What the lists left out, kept by the connection across sessions. */
  notes: { current: ListNotes };
}

/** The lists of one session: fetched again on list_changed, and on `freshen` once their ttlMs ran out. */
export interface WatchedLists {
  /** Asks again for each list whose server-given ttlMs has run out (lists without one stay). */
  freshen(): Promise<void>;
}

/**
 * Lists what the server offers and keeps it fresh on list_changed. The handlers go in
 * before the first listing, so a change announced while it runs is not lost; answers
 * are applied in the order they were asked for, so a late, stale one never wins. The
 * answers are gathered until the caller takes them (`takeFirst`), to show with
 * "connected" in one change rather than one per list; after that each is applied.
 */
export async function watchLists(client: Client, watch: ListWatch): Promise<WatchedLists & { takeFirst: () => Partial<ServerState> }> {
  const wanted = (kind: ListKind) => watch.kinds.includes(kind);
  const checkHeaderParams = client.getProtocolEra() === 'modern';
  const list = <K extends ListName>(kind: K) => listAll(client, kind, { timeout: watch.timeout, checkHeaderParams }).catch((error: unknown) => {
    // Which list did not answer is what a person needs to look into.
    throw new ListRequestError(LIST_METHODS[kind], error);
  });
  // When each list goes stale, by the server's ttlMs (2026-07-28 cache hints); absent: never.
  const staleAt: Partial<Record<ListName, number>> = {};
  const noted = <T, C extends Partial<ServerState>>(kind: ListName, listed: Listed<T>, change: (items: T[]) => C) => {
    if (listed.ttlMs === undefined) delete staleAt[kind];
    else staleAt[kind] = Date.now() + listed.ttlMs;
    const { [kind]: _old, ...others } = watch.notes.current;
    watch.notes.current = listed.truncated ? { ...others, [kind]: listed.truncated } : others;
    return { ...change(listed.items), listNotes: watch.notes.current };
  };
  const fetchers = {
    tools: async () => (wanted('tools') ? noted('tools', await list('tools'), watch.tools) : {}),
    resources: async () => (wanted('resources') ? {
      ...noted('resources', await list('resources'), (resources) => ({ resources })),
      ...noted('resourceTemplates', await list('resourceTemplates').catch(() => ({ items: [] })), (resourceTemplates) => ({ resourceTemplates })),
    } : {}),
    prompts: async () => (wanted('prompts') ? noted('prompts', await list('prompts'), (prompts) => ({ prompts })) : {}),
  };
  let gathered: Partial<ServerState> | undefined = {};
  const apply = (change: Partial<ServerState>) => (gathered ? Object.assign(gathered, change) : watch.apply(change));
  const takeFirst = () => {
    const taken = gathered ?? {};
    gathered = undefined;
    return taken;
  };
  const asked = { tools: 0, resources: 0, prompts: 0 };
  const applied = { ...asked };
  const refresh = async (kind: ListKind) => {
    const seq = ++asked[kind];
    const change = await fetchers[kind]();
    if (seq > applied[kind]) {
      applied[kind] = seq;
      apply(change);
    }
  };
  // One refresh in flight and one queued per list: a server announcing a change 5,000
  // times in a row costs two more listings, not 5,000.
  const running: Partial<Record<ListKind, Promise<void>>> = {};
  const queued = { tools: false, resources: false, prompts: false };
  const coalesced = (kind: ListKind): Promise<void> => {
    if (running[kind]) {
      queued[kind] = true;
      return running[kind];
    }
    const run = refresh(kind).finally(() => {
      running[kind] = undefined;
      if (!queued[kind]) return;
      queued[kind] = false;
      void coalesced(kind).catch(() => undefined);
    });
    return (running[kind] = run);
  };
  const quietly = (kind: ListKind) => () => void coalesced(kind).catch(() => undefined);
  client.setNotificationHandler('notifications/tools/list_changed', quietly('tools'));
  client.setNotificationHandler('notifications/resources/list_changed', quietly('resources'));
  client.setNotificationHandler('notifications/prompts/list_changed', quietly('prompts'));
  await Promise.all([coalesced('tools'), coalesced('resources'), coalesced('prompts')]);
  const dueAt = (kind: ListKind) => Math.min(staleAt[kind] ?? Infinity, kind === 'resources' ? (staleAt.resourceTemplates ?? Infinity) : Infinity);
  const stale = (kind: ListKind) => wanted(kind) && dueAt(kind) <= Date.now();
  return { takeFirst, freshen: async () => void (await Promise.all(watch.kinds.filter(stale).map(coalesced))) };
}
