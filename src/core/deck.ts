import { ConfigSession } from './config/session.js';
import type { ConfigIssue, ServerDefinition } from './config/types.js';
import type { RecentArgs } from './calls/recent-args.js';
import { ServerHub, type HubOptions, type SetServersResult } from './servers/hub.js';
import { ConfigReader } from './config/reader.js';
import type { ConfigReload } from './config/reload.js';
import { Emitter } from './events.js';
import { ServerEditor } from './config/server-editor.js';
import { SandboxEdits } from './config/sandbox-edits.js';
import type { RequestQueue } from './elicitation/queue.js';
import { TrafficLog } from './servers/traffic-log.js';
import { AuthManager, remoteConfigOf, type SignInRequest } from './auth/manager.js';
import type { ServerState } from './servers/state.js';
import type { SendOptions } from './mcp/types.js';
import type { SignInAttempt } from './auth/sign-in.js';
import { openInBrowser } from './browser.js';
import { openUserSecretStore, type SecretStore } from './secrets/store.js';
import { DEMO_NAME } from './config/demo-entry.js';
import type { DeckConfigEvents, DeckOptions } from './deck-options.js';
import { DeckApprovals } from './deck-approvals.js';
import { watchHubDrift, type DriftWatch } from './drift/watch.js';
import { TokenMeter } from './tokens/meter.js';
import { childCounter, inProcess } from './tokens/counter.js';
import { RegistryDesk } from './mcp-registry/desk.js';
import { SkillDesk } from './skills/desk.js';
import { AppsDesk } from './apps/desk.js';
import { VERSION } from '../util/version.js';
import { Wire } from './network/wire.js';
import { ModelDesk } from './models/desk.js';

export { DEMO_NAME };
export type { DeckConfigEvents, DeckOptions };

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
  /** Trace context on every request (SEP-414; a hand call is a trace) and each remote server's HTTP exchanges (`wire.network`). */
  readonly wire: Wire;
  /** Problems found while reading the configuration (by the last read). */
  get configIssues(): ConfigIssue[] {
    return this.reader.issues;
  }
  /** Each time the configuration is read again while the deck runs. */
  readonly configEvents = new Emitter<DeckConfigEvents>();
  private readonly reader: ConfigReader;
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
  /** Adds and edits servers in mcpdeck's own files (the deck's form); the change is read again at once. */
  readonly editor: ServerEditor;
  /** Allows what a sandboxed server was denied, in its entry; adds a tried server to the user catalog (`a`). */
  readonly sandbox: SandboxEdits;
  /** Tools, prompts and resource templates that differ from those the person accepted (with `definitions` only). */
  readonly drift?: DriftWatch;
  /** Token counts of tool definitions and results, counted when first asked for. */
  readonly tokens: TokenMeter;
  /** Approvals of project servers, tests files and eval files, kept in the user config. */
  private readonly approvalsOf = new DeckApprovals({
    approvals: () => this.options.approvals, definitions: () => this.getSnapshot().servers.flatMap(({ name }) => this.hub.definition(name) ?? []),
    source: (name) => this.hub.get(name)?.source, load: () => this.load(), connectAll: () => this.hub.connectAll(),
  });
  /** Where the person started mcpdeck: the project, where saved tests go by default. */
  readonly cwd: string;
  /** The MCP Registry: search, try a server in this deck (in no file), install it into any client's. */
  readonly registry: RegistryDesk;
  /** Models: a conversation over the servers' tools (the playground, `ask`, evals), and sampling answered by a model. */
  readonly models: ModelDesk;
  /** Servers' skills (SEP-2640): listed, fetched and verified file by file, saved for an agent. */
  readonly skills = new SkillDesk({ request: (...a) => this.hub.request(...a), readResource: (...a) => this.hub.readResource(...a), state: (name) => this.hub.get(name) });
  /** MCP Apps: a tool's app served to the browser; its calls come through this Deck, its questions to the person. */
  readonly apps: AppsDesk = new AppsDesk({ version: VERSION, tools: (s) => this.hub.get(s)?.tools ?? [], callTool: (s, t, a) => this.callTool(s, t, a), readResource: (s, u) => this.readResource(s, u), openLink: (u) => openInBrowser(u, this.options.env), now: () => Date.now() });

  constructor(private readonly options: DeckOptions) {
    // One secret store for sign-ins and `${input:id}` answers: the keychain is probed once.
    let opened: Promise<SecretStore> | undefined;
    const open = options.secrets ?? (() => openUserSecretStore(options.env));
    const secrets = () => (opened ??= open());
    const { clock, noticeMs } = options;
    this.auth = options.auth ?? new AuthManager({ env: options.env, secrets, openBrowser: (url) => openInBrowser(url, options.env), clock, noticeMs });
    this.auth.wireFetch = (this.wire = new Wire({ env: options.env, ...options.wire })).fetchFor;
    const hubOptions: HubOptions = {
      rootsEditable: options.rootsEditable, oneShot: options.oneShot, only: options.demo && options.only ? [...options.only, DEMO_NAME] : options.only, defaultCallTimeout: options.defaultCallTimeout, lists: options.lists, auth: this.auth, restart: options.restart,
      requests: { clock, noticeMs },
      clock, wire: this.wire.hooks,
    };
    this.hub = new ServerHub(hubOptions);
    this.events = this.hub.events;
    this.requests = this.hub.requests;
    if (options.requestPolicy) this.requests.setPolicy(options.requestPolicy);
    if (options.authPolicy) this.auth.policy = options.authPolicy(this.auth);
    this.config = new ConfigSession({ ...options, secrets }, this.requests);
    this.reader = new ConfigReader({ options, config: this.config, hub: this.hub, requests: this.requests, events: this.configEvents });
    this.editor = new ServerEditor({
      cwd: options.cwd, env: options.env, userCatalog: options.userCatalog, configFiles: options.configFiles, strict: options.strict,
      adhoc: Boolean(options.adhoc), reload: () => this.reload(),
    });
    this.sandbox = new SandboxEdits({ ...options, editor: this.editor, definition: (name) => this.hub.definition(name), denials: (name) => this.hub.get(name)?.sandbox?.denials ?? [], reload: () => this.reload() });
    this.tokens = new TokenMeter(options.countTokensApart ? childCounter() : inProcess);
    this.subscribe = this.hub.subscribe;
    this.getSnapshot = this.hub.getSnapshot;
    this.recentArgs = options.recentArgs;
    this.cwd = options.cwd;
    this.models = new ModelDesk({ env: options.env, secrets, model: options.model, tools: (s) => (this.hub.get(s)?.status === 'connected' ? this.hub.get(s)?.tools : undefined), callTool: (s, t, a, signal) => this.callTool(s, t, a, { signal }) });
    this.registry = new RegistryDesk({ env: options.env, cwd: options.cwd, catalogPath: options.userCatalog?.path, secrets, registry: options.registry, tryServer: (name, entry, label) => this.reader.addTried(name, entry, label).then(() => name) });
    if (options.traffic !== false) this.hub.events.on('traffic', ({ name, entry }) => this.traffic.push(name, entry));
    if (options.definitions) this.drift = watchHubDrift(this.hub, options.definitions, options.lists, options.recentArgs);
  }

  /** Reads every configuration source and lists the servers (new or changed ones not connected yet). */
  load = (): Promise<SetServersResult> => this.reader.load();

  /**
   * Reads the configuration again, one read at a time: added servers connect (one from a
   * project's file waits for approval, as at start), removed ones stop, changed ones
   * reconnect with their new definition. A notice says what changed.
   */
  reload = (): Promise<ConfigReload> => this.reader.reload();

  /**
   * Watches every configuration file (ours and other clients', approvals, hidden sources)
   * while the deck runs; a change is read again (`reload`). Returns a function that stops
   * it; `close()` stops it too. Ad hoc servers have no configuration to watch.
   */
  watchConfig(): () => void {
    this.reader.watch();
    return () => this.reader.stopWatching();
  }

  /** Reads the configuration again and connects what is new or changed. */
  refresh = (): Promise<void> => this.reader.refresh();

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
  callTool: ServerHub['callTool'] = (...args) => this.wire.tracing.run(async ({ traceId }) => ({ ...(await this.hub.callTool(...args)), traceId }), undefined, `tools/call ${args[1]}`);
  readResource: ServerHub['readResource'] = (...args) => this.hub.readResource(...args);
  getPrompt: ServerHub['getPrompt'] = (...args) => this.hub.getPrompt(...args);
  list: ServerHub['list'] = (...args) => this.hub.list(...args);
  complete: ServerHub['complete'] = (...args) => this.hub.complete(...args);
  ping: ServerHub['ping'] = (...args) => this.hub.ping(...args);
  setLogLevel: ServerHub['setLogLevel'] = (...args) => this.hub.setLogLevel(...args);
  /** Tasks (2025-11-25 experimental; the 2026-07-28 extension): list, look at, cancel, fetch a result. */
  listTasks = (server: string, options?: SendOptions) => this.hub.tasks(server).list(options);
  getTask = (server: string, taskId: string, options?: SendOptions) => this.hub.tasks(server).get(taskId, options);
  cancelTask = (server: string, taskId: string, options?: SendOptions) => this.hub.tasks(server).cancel(taskId, options);
  taskResult = (server: string, taskId: string, options?: SendOptions) => this.hub.tasks(server).result(taskId, options);
  /** The running tasks of a server are looked at again (pushed, else polled) until the returned function is called. */
  watchTasks = (server: string) => this.hub.tasks(server).watch();
  /** When a person opens a server or one of its tabs: lists past their server-given ttlMs are fetched again. */
  freshen: ServerHub['freshen'] = (...args) => this.hub.freshen(...args);
  subscribeResource: ServerHub['subscribeResource'] = (...args) => this.hub.subscribeResource(...args);
  unsubscribeResource: ServerHub['unsubscribeResource'] = (...args) => this.hub.unsubscribeResource(...args);
  close = async () => {
    this.reader.stopWatching();
    this.config.close();
    await this.apps.closeAll();
    await this.drift?.settled();
    return this.hub.closeAll().finally(() => this.wire.close());
  };

  /** Takes a server's tools, prompts and resource templates as they are now as the accepted ones. */
  async acceptDefinitions(name: string): Promise<void> {
    const state = this.hub.get(name);
    if (!state) throw new Error(`no server named "${name}"`);
    if (!this.drift) throw new Error('definitions are not kept here');
    return this.drift.accept(state);
  }

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
    return remoteConfigOf(name, this.hub.get(name), this.hub.definition(name)?.config);
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
   * kept in the user config; the server is read again and, with `connect`, started;
   * `sandboxed`: a stdio server whose entry names no sandbox runs in the default one.
   */
  approve: DeckApprovals['approve'] = (...a) => this.approvalsOf.approve(...a);
  /** Takes back the approval of a server (or of its whole file): it stops, and waits again. Returns how many approvals went. */
  revoke: DeckApprovals['revoke'] = (...a) => this.approvalsOf.revoke(...a);
  /** Whether a tests file may call what it calls (checks/tests-approval.ts, loaded when a tests file is); approved, it may while unchanged. */
  testsApproval: DeckApprovals['testsApproval'] = (...a) => this.approvalsOf.testsApproval(...a);
  /** Approves a tests file as it is now, or takes its approval back (how many went). */
  setTestsApproval: DeckApprovals['setTestsApproval'] = (...a) => this.approvalsOf.setTestsApproval(...a);
  /** Saves a call as a test; a tests file that was new or approved stays approved. */
  saveTest: DeckApprovals['saveTest'] = (...a) => this.approvalsOf.saveTest(...a);
  /** Whether an eval file that lets the model run tools that ask first is approved as it is (evals/approval.ts, loaded when asked). */
  evalsApproval: DeckApprovals['evalsApproval'] = (...a) => this.approvalsOf.evalsApproval(...a);
  /** Approves an eval file as it is now, or takes its approval back (how many went). */
  setEvalsApproval: DeckApprovals['setEvalsApproval'] = (...a) => this.approvalsOf.setEvalsApproval(...a);
  /** Saves a case into an eval file (the playground's one key); a file that was new or approved stays approved. */
  saveEvalCase: DeckApprovals['saveEvalCase'] = (...a) => this.approvalsOf.saveEvalCase(...a);

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
