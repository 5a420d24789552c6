import { ConfigSession, type ConfigSessionOptions } from './config/session.js';
import { normalizeEntry } from './config/normalize.js';
import type { ConfigIssue, ServerDefinition } from './config/types.js';
import type { UserCatalog } from './config/user-catalog.js';
import type { RecentArgs } from './calls/recent-args.js';
import { ServerHub, type HubOptions } from './servers/hub.js';
import type { RequestQueue } from './elicitation/queue.js';
import { TrafficLog } from './servers/traffic-log.js';
import { AuthManager, isRemote, type AuthPolicy, type SignInRequest } from './auth/manager.js';
import type { RequestPolicy } from './elicitation/types.js';
import type { ServerState } from './servers/state.js';
import type { SignInAttempt } from './auth/sign-in.js';
import { openInBrowser } from './browser.js';
import { openUserSecretStore, type SecretStore } from './secrets/store.js';
import type { ListKind } from './servers/connection.js';
import type { RestartPolicy } from './servers/supervisor.js';
import type { Clock } from './clock.js';

export const DEMO_NAME = 'demo';
/** How long the TUI shows a notice ("signed in to X", a withdrawn request, a page done). */
export const NOTICE_MS = 8_000;

export interface DeckOptions extends Omit<ConfigSessionOptions, 'userCatalog'> {
  userCatalog?: UserCatalog;
  /** The arguments last sent per tool, for prefilling forms (absent: no prefill). */
  recentArgs?: RecentArgs;
  /** Add the built-in demo server (also used when nothing is configured at all). */
  demo?: boolean;
  /** Servers not in any configuration (`--url`, `-- command`): they replace all others. */
  adhoc?: ServerDefinition[];
  only?: string[];
  defaultCallTimeout?: number;
  /** What to list after connecting (default: everything). One-shot commands need only tools. */
  lists?: ListKind[];
  /** Keep the traffic log (default true); one-shot commands never show it, so they skip its cost. */
  traffic?: boolean;
  /** OAuth for remote servers (default: credentials in the user config folder, browser via $BROWSER or `open`). */
  auth?: AuthManager;
  /** Restart servers that die, with backoff (the TUI and `status --watch`; one-shot commands do not). */
  restart?: RestartPolicy;
  /** Who answers what servers ask: a policy (the CLI's options), or, without one, a person through `requests`. */
  requestPolicy?: RequestPolicy;
  /** When a server wants a sign-in: at once, after asking, or never (built from the deck's AuthManager). */
  authPolicy?: (auth: AuthManager) => AuthPolicy;
  /** Roots can be changed while servers run (the TUI): they are declared with `listChanged`. */
  rootsEditable?: boolean;
  /** Time for what expires (default: the system clock). */
  clock?: Clock;
  /** How long notices and finished sign-ins stay in the stores (the TUI: NOTICE_MS); unset: until dismissed. */
  noticeMs?: number;
}

/** What approving covers: one server, or every server its file defines now. */
export type ApprovalScope = 'server' | 'file';

function demoDefinition(): ServerDefinition {
  const def = normalizeEntry(DEMO_NAME, { type: 'inprocess', module: 'mcpdeck:demo' }, { kind: 'demo', label: 'built-in' }, {});
  // Imported on use: the demo pulls in the SDK's server side.
  if (def.config?.type === 'inprocess') def.config.factory = async () => (await import('./demo/server.js')).createDemoServer();
  return def;
}

/** The client core: configuration, the hub of servers, and the actions on them. */
export class Deck {
  /** The servers themselves: reached only through the Deck's own methods. */
  private readonly hub: ServerHub;
  readonly subscribe: ServerHub['subscribe'];
  readonly getSnapshot: ServerHub['getSnapshot'];
  /** Status changes and JSON-RPC traffic, as typed events. */
  readonly events: ServerHub['events'];
  /**
   * The last JSON-RPC messages of each server: its own store, so traffic never redraws
   * the dashboard. Stays empty for a deck made with `traffic: false`.
   */
  readonly traffic = new TrafficLog();
  /** Problems found while reading the configuration. */
  configIssues: ConfigIssue[] = [];
  readonly recentArgs?: RecentArgs;
  /**
   * What servers ask of the person (elicitation forms and URLs, sampling): a store of
   * pending requests with respond() / cancel(). A call to a server with a pending
   * request waits without a deadline: `requests.pendingFor(server)` says so.
   */
  readonly requests: RequestQueue;
  /** Sign-ins: the credentials, the sign-ins in progress (a store for the UI), the policy for refused requests. */
  readonly auth: AuthManager;
  /** The sources read (with what each gave), which are hidden, and the `${input:id}` answers. */
  readonly config: ConfigSession;
  /** Where the person started mcpdeck: the project, where saved tests go by default. */
  readonly cwd: string;

  constructor(private readonly options: DeckOptions) {
    // One secret store for sign-ins and `${input:id}` answers: the keychain is probed once.
    let opened: Promise<SecretStore> | undefined;
    const open = options.secrets ?? (() => openUserSecretStore(options.env));
    const secrets = () => (opened ??= open());
    const { clock, noticeMs } = options;
    this.auth = options.auth ?? new AuthManager({ env: options.env, secrets, openBrowser: (url) => openInBrowser(url, options.env), clock, noticeMs });
    const hubOptions: HubOptions = {
      rootsEditable: options.rootsEditable, only: options.only, defaultCallTimeout: options.defaultCallTimeout, lists: options.lists, auth: this.auth, restart: options.restart,
      requests: { clock, noticeMs },
    };
    this.hub = new ServerHub(hubOptions);
    this.events = this.hub.events;
    this.requests = this.hub.requests;
    if (options.requestPolicy) this.requests.setPolicy(options.requestPolicy);
    if (options.authPolicy) this.auth.policy = options.authPolicy(this.auth);
    this.config = new ConfigSession({ ...options, secrets }, this.requests);
    this.subscribe = this.hub.subscribe;
    this.getSnapshot = this.hub.getSnapshot;
    this.recentArgs = options.recentArgs;
    this.cwd = options.cwd;
    if (options.traffic !== false) this.hub.events.on('traffic', ({ name, entry }) => this.traffic.push(name, entry));
  }

  /** Reads every configuration source and lists the servers (none connected yet). */
  async load(): Promise<void> {
    const { options } = this;
    let servers: ServerDefinition[];
    if (options.adhoc) {
      servers = options.adhoc;
      this.configIssues = servers.flatMap((s) => s.issues);
    } else {
      const loaded = await this.config.load();
      servers = loaded.servers;
      this.configIssues = loaded.issues;
      const nothing = servers.length === 0 && !loaded.issues.some((i) => i.severity === 'error');
      if ((options.demo || nothing) && !servers.some((s) => s.name === DEMO_NAME)) servers = [...servers, demoDefinition()];
    }
    await this.hub.setServers(servers);
    // Without a terminal prompt (the CLI's), inputs are asked in the deck's queue.
    if (!options.adhoc && !options.askInput) this.config.askInQueue(() => this.refresh());
  }

  /** Reads the configuration again and connects what is new or changed. */
  async refresh(): Promise<void> {
    await this.load();
    await this.hub.connectAll();
  }

  /** Hides or shows one source's servers, remembered for the next runs. */
  async setSourceHidden(id: string, hidden: boolean): Promise<void> {
    await this.config.setHidden(id, hidden);
    await this.refresh();
  }

  /** One server's state now, or undefined for a name that is not configured. */
  server(name: string): ServerState | undefined {
    return this.hub.get(name);
  }

  /** A server's definition as configured: the expanded config, secrets and all (for `get --show-secrets` and sign-in). */
  definition(name: string): ServerDefinition | undefined {
    return this.hub.definition(name);
  }

  connectAll = () => this.hub.connectAll();
  /** A server that waits for an `${input:id}` value is asked for it again instead. */
  reconnect = async (name: string) => (this.config.waitsForInput(name) ? this.config.askInQueue(() => this.refresh(), [name]) : this.hub.reconnect(name));
  setServers = (servers: ServerDefinition[]) => this.hub.setServers(servers);
  callTool: ServerHub['callTool'] = (...args) => this.hub.callTool(...args);
  readResource: ServerHub['readResource'] = (...args) => this.hub.readResource(...args);
  getPrompt: ServerHub['getPrompt'] = (...args) => this.hub.getPrompt(...args);
  list: ServerHub['list'] = (...args) => this.hub.list(...args);
  complete: ServerHub['complete'] = (...args) => this.hub.complete(...args);
  ping: ServerHub['ping'] = (...args) => this.hub.ping(...args);
  setLogLevel: ServerHub['setLogLevel'] = (...args) => this.hub.setLogLevel(...args);
  /** When a person opens a server or one of its tabs: lists past their server-given ttlMs are fetched again. */
  freshen: ServerHub['freshen'] = (...args) => this.hub.freshen(...args);
  subscribeResource: ServerHub['subscribeResource'] = (...args) => this.hub.subscribeResource(...args);
  unsubscribeResource: ServerHub['unsubscribeResource'] = (...args) => this.hub.unsubscribeResource(...args);
  close = () => {
    this.config.close();
    return this.hub.closeAll();
  };

  /**
   * Signs in to a remote server (browser, loopback callback or a pasted URL); once
   * signed in, a server that was not connected connects on a fresh transport.
   */
  signIn(name: string, request: SignInRequest = {}): SignInAttempt {
    const config = this.remoteConfig(name);
    const attempt = this.auth.signIn(name, config, request);
    void attempt.done.then((result) => {
      if (result.phase === 'signed-in' && this.hub.get(name)?.status !== 'connected') return this.hub.reconnect(name);
    });
    return attempt;
  }

  /** Deletes the stored tokens and registered client, then reconnects (the server asks again). */
  async signOut(name: string): Promise<boolean> {
    const removed = await this.auth.signOut(name, this.remoteConfig(name));
    await this.hub.reconnect(name);
    return removed;
  }

  /** The config of a remote server, or a clear error for a name that is not one. */
  remoteConfig(name: string) {
    const state = this.hub.get(name);
    const config = this.hub.definition(name)?.config;
    if (!state) throw new Error(`no server named "${name}"`);
    if (!config) throw new Error(`${name} has no usable configuration: ${state.error ?? 'see `mcpdeck get`'}`);
    if (!isRemote(config)) throw new Error(`${name} is ${config.type === 'stdio' ? 'a stdio' : 'an in-process'} server: sign-in is for remote (HTTP or SSE) servers`);
    return config;
  }

  /**
   * Enables or disables a server now; persisted when it came from the user catalog,
   * unless `remember` is false (a command that turns a server on just for itself).
   */
  async setEnabled(name: string, enabled: boolean, { remember = true } = {}): Promise<void> {
    if (remember) await this.keepInCatalog(this.hub.get(name), [name, 'disabled'], enabled ? undefined : true);
    await this.hub.setEnabled(name, enabled);
  }

  /** Writes a change to a catalog server's entry into the user catalog; false (nothing written) for any other server. */
  private async keepInCatalog(state: ServerState | undefined, path: string[], value: unknown): Promise<boolean> {
    if (state?.source.kind !== 'user' || !this.options.userCatalog) return false;
    // The writer loads when something is written: most sessions write nothing.
    const { editScope, scopeOf } = await import('./config/write.js');
    const scope = scopeOf(state.source, this.options.userCatalog);
    if (!scope) return false;
    await editScope(scope, path, value);
    return true;
  }

  /**
   * Approves a server from a project's file, or (`file`) the whole file as it is now,
   * kept in the user config; the server is read again and, with `connect`, started.
   */
  async approve(name: string, scope: ApprovalScope = 'server', { connect = true } = {}): Promise<void> {
    const approval = this.approvalOf(name);
    await this.approvals().approve({ file: approval.file, at: approval.at, ...(scope === 'server' && { server: name }), hash: scope === 'file' ? approval.fileHash : approval.serverHash });
    await this.load();
    if (connect) await this.hub.connectAll();
  }

  /** Takes back the approval of a server (or of its whole file): it stops, and waits again. Returns how many approvals went. */
  async revoke(name: string, scope: ApprovalScope = 'server'): Promise<number> {
    const approval = this.approvalOf(name);
    const gone = await this.approvals().revoke(approval.file, approval.at, scope === 'server' ? name : undefined);
    await this.load();
    return gone;
  }

  private approvals() {
    const { approvals } = this.options;
    if (!approvals) throw new Error('approvals cannot be kept here (no user config)');
    return approvals;
  }

  private approvalOf(name: string) {
    const def = this.hub.definition(name);
    if (!def) throw new Error(`no server named "${name}"`);
    if (!def.approval) throw new Error(`${name} comes from ${def.source.path ?? def.source.label}, which needs no approval (only servers from a project's files do)`);
    return def.approval;
  }

  /**
   * Sets the folders a server is sent as roots: now (the server is told, or reconnected
   * when it had none), and kept in the user catalog for a catalog server.
   */
  async setRoots(name: string, roots: string[]): Promise<{ kept: boolean }> {
    const state = this.hub.get(name);
    if (!state) throw new Error(`no server named "${name}"`);
    const kept = await this.keepInCatalog(state, [name, 'roots'], roots.length ? roots : undefined);
    await this.hub.setRoots(name, roots);
    return { kept };
  }
}

export async function createDeck(options: DeckOptions): Promise<Deck> {
  const deck = new Deck(options);
  await deck.load();
  return deck;
}
