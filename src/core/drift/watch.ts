import { createStore, type Store } from '../store.js';
import type { ServerDefinition } from '../config/types.js';
import type { ServerState } from '../servers/state.js';
import { toolMatcher } from '../servers/tools.js';
import { compareDefinitions, type ServerDrift } from './compare.js';
import { definitionsOf, serverIdentity, type DefinitionKind, type DefinitionSet, type ListedKinds } from './definitions.js';
import type { DefinitionStore } from './store.js';
import type { ListKind } from '../servers/lists.js';
import type { ServerHub } from '../servers/hub.js';
import type { RecentArgs } from '../calls/recent-args.js';
import { formatCount } from '../../util/text.js';

const KIND_OF_LIST: Record<ListKind, DefinitionKind> = { tools: 'tool', prompts: 'prompt', resources: 'template' };

/** The definitions a deck that lists `lists` (default: all) holds: resource templates come with resources. */
const listedKinds = (lists: readonly ListKind[] = ['tools', 'resources', 'prompts']): ListedKinds => lists.map((l) => KIND_OF_LIST[l]);

/** A server with more definitions than this is not watched: keeping and comparing 100,000 tools would cost every listing seconds. */
export const DRIFT_LIMIT = 2_000;

/** Whether a server's definitions are few enough to keep and compare. */
export const watchable = (state: Pick<ServerState, 'tools' | 'prompts' | 'resourceTemplates'>) => state.tools.length + state.prompts.length + state.resourceTemplates.length <= DRIFT_LIMIT;

/** Drift per server name: only servers whose definitions differ from the accepted ones. */
export type DriftSnapshot = Readonly<Record<string, ServerDrift>>;

export interface DriftWatchOptions {
  store: DefinitionStore;
  /** The kinds the deck lists (a command that lists only tools compares only tools). */
  kinds: ListedKinds;
  definition: (name: string) => ServerDefinition | undefined;
  /** Whether the person called this tool before. */
  called?: (server: string, tool: string) => boolean;
}

/** What a state's lists were when they were last compared: unchanged lists are not compared again. */
type Seen = readonly [ServerState['tools'], ServerState['prompts'], ServerState['resourceTemplates']];

/**
 * Compares each connected server's tools, prompts and resource templates with the
 * ones the person accepted (kept by server identity in a DefinitionStore). A server
 * seen for the first time (or a kind of list seen for the first time) is recorded
 * silently: there is nothing to compare it with.
 */
export class DriftWatch implements Store<DriftSnapshot> {
  private readonly store = createStore<DriftSnapshot>({});
  readonly subscribe = this.store.subscribe;
  readonly getSnapshot = this.store.getSnapshot;
  private readonly seen = new Map<string, Seen>();
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly options: DriftWatchOptions) {}

  /** Compares the servers whose lists changed since last time (call on every hub change). */
  observe(servers: readonly ServerState[]): void {
    for (const state of servers) {
      if (state.status !== 'connected') continue;
      const lists: Seen = [state.tools, state.prompts, state.resourceTemplates];
      const before = this.seen.get(state.name);
      if (before && before.every((list, i) => list === lists[i])) continue;
      this.seen.set(state.name, lists);
      this.compare(state);
    }
  }

  /** One server's drift now (undefined: none, or not compared). */
  of(name: string): ServerDrift | undefined {
    return this.getSnapshot()[name];
  }

  /** Records the server's definitions as they are now: its drift is gone. */
  async accept(state: ServerState): Promise<void> {
    const def = this.options.definition(state.name);
    if (!def) throw new Error(`no server named "${state.name}"`);
    if (state.status !== 'connected') throw new Error(`${state.name} is not connected: its definitions cannot be read`);
    if (!watchable(state)) throw new Error(`${state.name} has more than ${formatCount(DRIFT_LIMIT)} tools, prompts and resource templates: their changes are not kept`);
    const write = this.options.store.record(serverIdentity(def), state.name, definitionsOf(state, this.options.kinds));
    // The deck closes only after this is on disk, even when the person quits at once.
    this.keep(write);
    await write;
    this.set(state.name, undefined);
  }

  /** Resolves when what was recorded silently is on disk. */
  settled(): Promise<void> {
    return Promise.all([...this.pending]).then(() => undefined);
  }

  private compare(state: ServerState): void {
    const { store, kinds, definition, called } = this.options;
    const def = definition(state.name);
    if (!def || !watchable(state)) return;
    const id = serverIdentity(def);
    const current = definitionsOf(state, kinds);
    let accepted: DefinitionSet = {};
    try {
      accepted = store.read(id)?.set ?? {};
    } catch {
      // An unreadable file: everything is seen afresh (and the file is left alone).
    }
    // Kinds never recorded for this server are recorded now, silently.
    const fresh = Object.fromEntries(Object.entries(current).filter(([kind]) => !accepted[kind as DefinitionKind])) as DefinitionSet;
    if (Object.keys(fresh).length) this.keep(store.record(id, state.name, fresh));
    const visible = toolMatcher(state.name, def.config?.tools);
    const drift = compareDefinitions(accepted, current, {
      called: called && ((tool) => called(state.name, tool)),
      shown: (kind, key) => kind !== 'tool' || visible(key),
    });
    this.set(state.name, drift.items.length ? drift : undefined);
  }

  private keep(write: Promise<void>): void {
    // Remembering is a convenience: a read-only folder must not stop the deck.
    const quiet = write.catch(() => undefined);
    this.pending.add(quiet);
    void quiet.finally(() => this.pending.delete(quiet));
  }

  private set(name: string, drift: ServerDrift | undefined): void {
    this.store.update((prev) => {
      if (!drift && !(name in prev)) return prev;
      const { [name]: _old, ...rest } = prev;
      return drift ? { ...rest, [name]: drift } : rest;
    });
  }
}

/** A DriftWatch on a hub's servers, comparing on every change (the Deck's, given `definitions`). */
export function watchHubDrift(hub: Pick<ServerHub, 'subscribe' | 'getSnapshot' | 'definition'>, store: DefinitionStore, lists?: readonly ListKind[], recentArgs?: RecentArgs): DriftWatch {
  const drift = new DriftWatch({
    store,
    kinds: listedKinds(lists),
    definition: (name) => hub.definition(name),
    called: recentArgs && ((server, tool) => recentArgs.get(server, tool) !== undefined),
  });
  hub.subscribe(() => drift.observe(hub.getSnapshot().servers));
  return drift;
}
