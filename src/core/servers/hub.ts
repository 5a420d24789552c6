import type { AuthManager } from '../auth/manager.js';
import { createStore, type Store } from '../store.js';
import { Emitter } from '../events.js';
import type { ConfigIssue, ServerDefinition } from '../config/types.js';
import { ToolCallError, type CallOptions, type CallOutcome } from '../mcp/call.js';
import type { TrafficEntry } from '../mcp/tap.js';
import type { CompleteRequest, CompleteResult, GetPromptResult, LoggingLevel, ReadResourceResult, RequestOptions, SendOptions } from '../mcp/types.js';
import { listAll, ANY_RESULT, type Listed, type ListItem, type ListKind as ListName } from '../mcp/list.js';
import { ServerConnection } from './connection.js';
import { metaParams } from './request-meta.js';
import type { ListKind } from './lists.js';
import { RequestQueue, type RequestQueueOptions } from '../elicitation/queue.js';
import type { ConnectionContext } from './connection-context.js';
import type { RestartPolicy, RestartState } from './supervisor.js';
import type { ServerTasks } from './tasks.js';
import type { Clock } from '../clock.js';
import { definitionChange, type LiveChange } from './definition-change.js';
import { redactEntry } from '../config/redact.js';
import { initialState, type DeckSnapshot, type ServerState, type ServerStatus } from './state.js';
import { STATUS } from './status.js';

export interface HubEvents extends Record<string, unknown> {
  status: { name: string; status: ServerStatus; previous: ServerStatus; error?: string; restart?: RestartState };
  traffic: { name: string; entry: TrafficEntry };
  /** What a server sent that is not one JSON-RPC message: a stdout line that is not JSON-RPC, a batch, an event the SDK could not read. */
  unreadable: { name: string; text: string };
}

export interface HubOptions {
  /** Roots can be edited in this session (the deck): declared with `listChanged`. */
  rootsEditable?: boolean;
  /** Closing ends stdio servers after a short grace (a command that has its answer). */
  oneShot?: boolean;
  /** Servers to connect; the others are listed as disabled. */
  only?: string[];
  defaultCallTimeout?: number;
  lists?: ListKind[];
  auth?: AuthManager;
  /** Restart servers that die (unset: a failed server stays failed until reconnected). */
  restart?: RestartPolicy;
  /** The clock of the request queue and how long its notices stay. */
  requests?: RequestQueueOptions;
  /** Time for looking again at running tasks. */
  clock?: Clock;
  wire?: ConnectionContext['wire'];
}

export interface SetServersResult {
  added: string[];
  removed: string[];
  /** Present before and after, with a different entry: reconnected. */
  changed: string[];
  errors: ConfigIssue[];
}

/** Every configured server, each connected on its own; one failure never touches another. */
export class ServerHub {
  readonly events = new Emitter<HubEvents>();
  private readonly connections = new Map<string, ServerConnection>();
  private readonly store = createStore<DeckSnapshot>({ servers: [] });
  readonly subscribe: Store<DeckSnapshot>['subscribe'] = this.store.subscribe;
  readonly getSnapshot: Store<DeckSnapshot>['getSnapshot'] = this.store.getSnapshot;
  /** Where servers' elicitation and sampling requests queue. */
  readonly requests: RequestQueue;

  constructor(private readonly options: HubOptions) {
    this.requests = new RequestQueue(options.requests);
  }

  /** A server's definition as configured (the expanded config, with secrets). */
  definition(name: string): ServerDefinition | undefined {
    return this.connections.get(name)?.definition;
  }

  get(name: string): ServerState | undefined {
    return this.getSnapshot().servers.find((s) => s.name === name);
  }

  /** Replaces the server set: new names are added (pending), missing ones closed. */
  async setServers(definitions: ServerDefinition[]): Promise<SetServersResult> {
    const next = new Map(definitions.map((d) => [d.name, d]));
    const changes = new Map([...this.connections].map(([name, c]) => [name, next.has(name) ? definitionChange(c.definition, next.get(name)!) : 'restart' as const]));
    const removed = [...changes].filter(([, change]) => change === 'restart').map(([name]) => name);
    // A changed server (a host allowed, say) keeps the list of what its sandbox refused.
    const refused = new Map(removed.filter((name) => next.has(name)).map((name) => [name, this.connections.get(name)!.sandbox]));
    await Promise.all(removed.map((name) => this.connections.get(name)?.close()));
    for (const name of removed) this.connections.delete(name);
    const added: string[] = [];
    const states: ServerState[] = [];
    for (const def of definitions) {
      let connection = this.connections.get(def.name);
      if (!connection) {
        connection = new ServerConnection(def, {
          rootsEditable: this.options.rootsEditable,
          oneShot: this.options.oneShot,
          defaultCallTimeout: this.options.defaultCallTimeout,
          lists: this.options.lists,
          requests: this.requests,
          auth: this.options.auth,
          restart: this.options.restart,
          clock: this.options.clock,
          wire: this.options.wire,
          sandbox: refused.get(def.name),
          patch: (name, change) => this.patch(name, change),
          onTraffic: (name, entry) => this.events.emit('traffic', { name, entry }),
          onUnreadable: (name, text) => this.events.emit('unreadable', { name, text }),
        });
        this.connections.set(def.name, connection);
        added.push(def.name);
        const initial = initialState(def, !this.options.only || this.options.only.includes(def.name), connection.roots);
        states.push(initial.sandbox && refused.has(def.name) ? { ...initial, sandbox: connection.sandbox.view } : initial);
      } else {
        connection.definition = def;
        const state = this.get(def.name)!;
        states.push(changes.get(def.name) === 'none' ? state : { ...state, config: redactEntry(def.raw), configIssues: def.issues });
      }
    }
    this.store.update(() => ({ servers: states }));
    const changedNames = removed.filter((name) => next.has(name));
    for (const [name, change] of changes) {
      if (typeof change === 'object' && (await this.applyLive(name, change))) changedNames.push(name);
    }
    return {
      added: added.filter((n) => !changedNames.includes(n)),
      removed: removed.filter((n) => !next.has(n)),
      changed: changedNames,
      errors: definitions.flatMap((d) => d.issues.filter((i) => i.severity === 'error')),
    };
  }

  /** Turns a server on or off and sends its roots as its definition now says; true when that changed anything. */
  private async applyLive(name: string, change: LiveChange): Promise<boolean> {
    const connection = this.connections.get(name)!;
    const off = this.get(name)?.status === 'disabled';
    const wanted = !change.disabled && (!this.options.only || this.options.only.includes(name));
    const toggled = wanted === off;
    if (toggled) await connection.stop(wanted ? 'pending' : 'disabled');
    const rooted = JSON.stringify(connection.roots) !== JSON.stringify(change.roots);
    if (rooted) await connection.setRoots(change.roots);
    return toggled || rooted;
  }

  /** Connects every pending server at once and resolves when each has settled. */
  async connectAll(): Promise<void> {
    const pending = this.getSnapshot().servers.filter((s) => s.status === 'pending');
    await Promise.all(pending.map((s) => this.connections.get(s.name)?.connect()));
  }

  async reconnect(name: string): Promise<void> {
    const state = this.require(name);
    if (!STATUS[state.status].reconnects || !this.connections.get(name)?.definition.config) return;
    await this.connections.get(name)?.reconnect();
  }

  /** Turns a server on (and connects it) or off (and closes it), for this session. */
  async setEnabled(name: string, enabled: boolean): Promise<void> {
    this.require(name);
    const connection = this.connections.get(name)!;
    if (!connection.definition.config) return;
    if (!enabled) return connection.stop('disabled');
    if (connection.definition.approval?.needed) throw new Error(needsApprovalMessage(name, connection.definition.approval.file));
    await connection.stop('pending');
    await connection.connect();
  }

  async callTool(server: string, tool: string, args: Record<string, unknown>, options?: CallOptions): Promise<CallOutcome> {
    const state = this.get(server);
    if (!state) throw new ToolCallError('not-connected', `no server named "${server}"`);
    return this.connections.get(server)!.call(state, tool, args, options);
  }

  readResource(server: string, uri: string, { meta: extra, ...options }: SendOptions = {}): Promise<ReadResourceResult> {
    const connection = this.connection(server);
    // No response cache: a person reading a resource wants it as it is now.
    return connection.withClient((client) => client.readResource({ uri, ...metaParams(connection.requestMeta(undefined, extra)) }, { ...options, cacheMode: 'bypass' }));
  }

  getPrompt(server: string, name: string, args: Record<string, string>, { meta: extra, ...options }: SendOptions = {}): Promise<GetPromptResult> {
    const connection = this.connection(server);
    return connection.withClient((client) => client.getPrompt({ name, arguments: args, ...metaParams(connection.requestMeta(undefined, extra)) }, options));
  }

  /** One list asked for now, within the usual bounds (the CLI's list commands; the deck keeps its own lists fresh). */
  list<K extends Exclude<ListName, 'tools'>>(server: string, kind: K, { meta: extra, ...options }: SendOptions = {}): Promise<Listed<ListItem<K>>> {
    const connection = this.connection(server);
    return connection.withClient((client) => listAll(client, kind, { ...options, meta: connection.requestMeta(undefined, extra) }));
  }

  /** completion/complete: the values a server suggests for a prompt argument or a template variable. */
  complete(server: string, params: Omit<CompleteRequest['params'], '_meta'>, { meta: extra, ...options }: SendOptions = {}): Promise<CompleteResult> {
    const connection = this.connection(server);
    return connection.withClient((client) => client.complete({ ...params, ...metaParams(connection.requestMeta(undefined, extra)) }, options));
  }

  /**
   * Resolves when the server answers, with the request that asked: `ping` (2025), or
   * `server/discover` on 2026-07-28, which has no ping.
   */
  async ping(server: string, { meta: extra, ...options }: SendOptions = {}): Promise<'ping' | 'server/discover'> {
    const connection = this.connection(server);
    const params = metaParams(connection.requestMeta(undefined, extra));
    return connection.withClient(async (client) => {
      const method = client.getProtocolEra() === 'modern' ? 'server/discover' : 'ping';
      await client.request({ method, ...(params._meta && { params }) }, ANY_RESULT, options);
      return method;
    });
  }

  /**
   * Sets the log level and records it on the server's state: a 2025 server is asked
   * with logging/setLevel; a 2026-07-28 server has no such request, the level goes with
   * each request from now on.
   */
  async setLogLevel(server: string, level: LoggingLevel, options?: RequestOptions): Promise<void> {
    const connection = this.connection(server);
    const capabilities = this.get(server)?.capabilities;
    if (capabilities && !capabilities.logging) {
      throw new ToolCallError('protocol', `${server} does not offer logging: it sends no log messages and has no level to set`);
    }
    await connection.withClient(async (client) => {
      if (client.getProtocolEra() !== 'modern') await client.setLoggingLevel(level, options);
    });
    connection.logLevel = level;
    this.patch(server, { logLevel: level });
  }

  /** Asks a server again for the lists whose ttlMs (a 2026-07-28 cache hint) ran out; a 2025 server's lists wait for list_changed. */
  async freshen(server: string): Promise<void> {
    await this.connections.get(server)?.freshen();
  }

  /** Watches a resource (resources/subscribe); it is subscribed again on every new session of the server. */
  async subscribeResource(server: string, uri: string, options?: RequestOptions): Promise<void> {
    const connection = this.connection(server);
    await connection.withClient((client) => connection.subscriptions.subscribe(client, uri, options));
  }

  /** Stops watching; a server that is not connected is not asked, and the URI is not renewed. */
  async unsubscribeResource(server: string, uri: string, options?: RequestOptions): Promise<void> {
    const connection = this.connection(server);
    if (this.get(server)?.status !== 'connected') return connection.subscriptions.forget(uri);
    await connection.withClient((client) => connection.subscriptions.unsubscribe(client, uri, options));
  }

  /** A request the SDK has no method for (an extension's: `skills/list`), its result as sent. */
  request(server: string, method: string, params: Record<string, unknown>, { meta: extra, ...options }: SendOptions = {}): Promise<Record<string, unknown>> {
    const connection = this.connection(server);
    return connection.withClient((client) => client.request({ method, params: { ...params, ...metaParams(connection.requestMeta(undefined, extra)) } }, ANY_RESULT, options));
  }

  /** A server's tasks: list, look at, cancel, fetch a result, watch the running ones (servers/tasks.ts). */
  tasks(server: string): ServerTasks {
    return this.connection(server).tasks;
  }

  private connection(name: string): ServerConnection {
    const connection = this.connections.get(name);
    if (!connection) throw new ToolCallError('not-connected', `no server named "${name}"`);
    return connection;
  }

  /** Sets the roots a server is sent, for this session (the deck keeps them in the catalog). */
  async setRoots(name: string, roots: string[]): Promise<void> {
    this.require(name);
    await this.connections.get(name)!.setRoots(roots);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.connections.values()].map((c) => c.close()));
  }

  private require(name: string): ServerState {
    const state = this.get(name);
    if (!state) throw new Error(`no server named "${name}"`);
    return state;
  }

  private patch(name: string, change: Partial<ServerState>): void {
    let event: HubEvents['status'] | undefined;
    this.store.update((snapshot) => {
      const index = snapshot.servers.findIndex((s) => s.name === name);
      const previous = snapshot.servers[index];
      if (!previous) return snapshot;
      const next = { ...previous, ...change };
      if (change.status && change.status !== previous.status) {
        event = { name, status: change.status, previous: previous.status, error: next.error, ...(next.restart && { restart: next.restart }) };
      }
      const servers = snapshot.servers.slice();
      servers[index] = next;
      return { servers };
    });
    if (event) this.events.emit('status', event);
  }
}

/** What a person reads when something would start a server that waits for approval. */
function needsApprovalMessage(name: string, file: string): string {
  return `${name} comes from ${file} and has not been approved: review what it runs with \`mcpdeck get ${name}\`, then \`mcpdeck approve ${name}\` (or in the deck)`;
}
