import type { DeckConfigEvents, DeckOptions } from '../deck-options.js';
import type { RequestQueue } from '../elicitation/queue.js';
import type { Emitter } from '../events.js';
import type { ServerHub, SetServersResult } from '../servers/hub.js';
import { DEMO_NAME, demoDefinition } from './demo-entry.js';
import { describeReload, reloadNotice, type ConfigReload } from './reload.js';
import type { ConfigSession } from './session.js';
import type { ConfigIssue, ServerDefinition } from './types.js';
import { folderWatcher, type FileWatcher } from './watch.js';
import { normalizeEntry } from './normalize.js';

export interface ConfigReaderParts {
  options: DeckOptions;
  config: ConfigSession;
  hub: ServerHub;
  requests: RequestQueue;
  events: Emitter<DeckConfigEvents>;
}

/**
 * The Deck's reading of its configuration: at start, again when a file changes (every
 * source watched while the deck runs) or something is approved or saved, one read at a
 * time; what a read finds goes to the hub, and a notice says what changed.
 */
export class ConfigReader {
  /** Problems found by the last read. */
  issues: ConfigIssue[] = [];
  private watcher?: FileWatcher;
  /** Servers tried in this deck (from the registry): in no file, gone when the deck ends. */
  private readonly tried: ServerDefinition[] = [];
  /** Reads one at a time: a file change, an approval and a save can come together. */
  private reading: Promise<unknown> = Promise.resolve();

  constructor(private readonly parts: ConfigReaderParts) {}

  /** Reads every configuration source and lists the servers (new or changed ones not connected yet). */
  load(): Promise<SetServersResult> {
    return this.oneAtATime(() => this.read());
  }

  /**
   * Reads the configuration again: added servers connect (one from a project's file waits
   * for approval, as at start), removed ones stop, changed ones reconnect with their new
   * definition.
   */
  reload(): Promise<ConfigReload> {
    return this.oneAtATime(() => this.reloadNow());
  }

  /** Reads the configuration again and connects what is new or changed. */
  async refresh(): Promise<void> {
    await this.load();
    await this.parts.hub.connectAll();
  }

  /**
   * Adds (or replaces) a tried server and starts connecting it (the deck can open on it at
   * once); read with every configuration read until the deck ends.
   */
  async addTried(name: string, entry: Record<string, unknown>, label: string): Promise<void> {
    const def = normalizeEntry(name, entry, { kind: 'adhoc', label }, this.parts.options.env);
    const at = this.tried.findIndex((d) => d.name === def.name);
    if (at >= 0) this.tried[at] = def;
    else this.tried.push(def);
    await this.load();
    void this.parts.hub.connectAll();
  }

  /** Starts watching every configuration file (ours and other clients', approvals, hidden sources); ad hoc servers have none. */
  watch(): void {
    const { options, config, requests } = this.parts;
    const factory = options.watcher ?? folderWatcher;
    if (this.watcher || !factory || options.adhoc) return;
    this.watcher = factory(() => void this.reload().catch((error: Error) => requests.announce(`config not read again: ${error.message}`, 'failed')));
    this.watcher.watch(config.watchedFiles());
  }

  stopWatching(): void {
    this.watcher?.close();
    this.watcher = undefined;
  }

  private oneAtATime<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.reading.then(fn);
    this.reading = run.catch(() => undefined);
    return run;
  }

  private async read(): Promise<SetServersResult> {
    const { options, config, hub } = this.parts;
    let servers: ServerDefinition[];
    if (options.adhoc) {
      servers = options.adhoc;
      this.issues = servers.flatMap((s) => s.issues);
    } else {
      const loaded = await config.load();
      servers = loaded.servers;
      this.issues = loaded.issues;
      const nothing = servers.length === 0 && !loaded.issues.some((i) => i.severity === 'error');
      if ((options.demo || nothing) && !servers.some((s) => s.name === DEMO_NAME)) servers = [...servers, demoDefinition()];
    }
    if (this.tried.length) servers = [...servers.filter((s) => !this.tried.some((t) => t.name === s.name)), ...this.tried];
    // The sandbox runtime (and its proxy) starts while the SDK loads for the first connection.
    if (servers.some((s) => s.config?.type === 'stdio' && s.config.sandbox && !s.approval?.needed)) void import('../sandbox/launch.js').then((m) => m.sandboxStarting());
    const result = await hub.setServers(servers);
    // Without a terminal prompt (the CLI's), inputs are asked in the deck's queue.
    if (!options.adhoc && !options.askInput) config.askInQueue(() => this.refresh());
    return result;
  }

  private async reloadNow(): Promise<ConfigReload> {
    const { config, hub, requests, events } = this.parts;
    const before = this.issues;
    const result = await this.read();
    this.watcher?.watch(config.watchedFiles());
    const reload = describeReload(result, before, this.issues, hub.getSnapshot().servers);
    void hub.connectAll();
    const notice = reloadNotice(reload);
    if (notice) requests.announce(notice.text, notice.kind);
    events.emit('reloaded', reload);
    return reload;
  }
}
