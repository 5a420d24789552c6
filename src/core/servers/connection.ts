import type { ServerDefinition } from '../config/types.js';
import { callTool, ToolCallError, type CallOptions, type CallOutcome } from '../mcp/call.js';
import { ConnectError, listingFailure } from '../mcp/errors.js';
import type { ConnectionContext } from './connection-context.js';
import { Session } from '../mcp/session.js';
import { requestMeta } from './request-meta.js';
import { callHold, serverRequests } from './person-waits.js';
import type { LoggingLevel, Tool } from '../mcp/types.js';
import { filterTools } from './tools.js';
import { ResourceSubscriptions } from './subscriptions.js';
import { ServerLog } from './log-messages.js';
import { watchLists, type ListKind, type WatchedLists } from './lists.js';
import { connectedState, type ListNotes, type ServerState } from './state.js';
import { ServerOutput } from './server-output.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { redactUrl } from '../config/redact.js';
import { restartLogText, Supervisor, type RestartState } from './supervisor.js';
import { SessionRenewal } from './session-renewal.js';
import { ServerTasks, type LiveTasks } from './tasks.js';
import { TaskRequests } from '../mcp/tasks.js';
import { systemClock } from '../clock.js';
import { SandboxWatch } from './sandbox-watch.js';

const DEFAULT_CONNECT_TIMEOUT = 30_000;

/** One server's lifetime: connecting, listing, calling, reconnecting, closing. */
export class ServerConnection {
  private session?: Session;
  /** The current session's lists (for `freshen`). */
  private lists?: WatchedLists;
  private attempt = 0;
  private readonly output = new ServerOutput();
  /** Why the last session ended, for a call that was cut off by it. */
  private closeReason?: string;
  private readonly log = new ServerLog();
  /** Watched resources: kept across sessions, renewed on each new one in load(). */
  readonly subscriptions = new ResourceSubscriptions(
    () => this.name,
    (subscriptions) => this.patch({ subscriptions }),
    Date.now,
    (client) => {
      const session = this.session;
      const listening = session?.client === client ? session.listening : undefined;
      return listening && ((uris) => listening.update({ resourceSubscriptions: uris }));
    },
  );
  /** Tasks seen here: kept across sessions (a task outlives its connection). */
  readonly tasks: ServerTasks;
  /** Restarts after a crash; none for in-process servers (they die with us) or without a policy. */
  private readonly supervisor?: Supervisor;
  /** Renews a session the server forgot (HTTP 404) and sends the request once more. */
  private readonly renewal = new SessionRenewal({
    connect: () => this.connect(),
    session: () => this.session,
    failure: () => this.closeReason ?? this.lastError,
    note: (text) => this.note('warning', text),
  });
  private lastRestart?: RestartState;
  /** The last reason shown, for a request that needed a new session and did not get one. */
  private lastError?: string;
  private readonly listNotes: { current: ListNotes } = { current: {} };
  /** What the sandbox refused it (kept across a change of its definition: the hub hands it on). */
  readonly sandbox: SandboxWatch;

  constructor(
    /** Replaced by an equal one (a sibling's change moved its file's hash) when the configuration is read again. */
    public definition: ServerDefinition,
    private readonly ctx: ConnectionContext,
  ) {
    this.roots = [...(definition.config?.roots ?? [])];
    this.sandbox = ctx.sandbox ?? new SandboxWatch((change) => this.patch(change));
    this.tasks = new ServerTasks((tasks) => this.patch({ tasks }), (fn, extra) => this.withTasks(fn, extra), ctx.clock ?? systemClock);
    const type = definition.config?.type;
    if (ctx.restart && type && type !== 'inprocess') {
      this.supervisor = new Supervisor(ctx.restart, type === 'stdio' ? 'restart' : 'reconnect', () => void this.connect());
    }
  }

  get name(): string {
    return this.definition.name;
  }

  /** The roots sent to this server: configured ones, or those the person set in the deck since. */
  roots: string[];

  async connect(): Promise<void> {
    const config = this.definition.config;
    // Nothing from a project's file starts before the person approved it (approvals.ts).
    if (!config || this.definition.approval?.needed) return;
    const attempt = ++this.attempt;
    await this.closeSession();
    this.output.newAttempt();
    this.closeReason = undefined;
    // A new session starts at the server's default level; a restart keeps its count on show.
    const restart = this.supervisor?.active ? this.lastRestart : undefined;
    this.logLevel = undefined;
    this.patch({ status: 'connecting', error: undefined, logLevel: undefined, restart: restart && { ...restart, at: undefined } });
    const auth = this.ctx.auth?.forServer(this.name, config);
    let session: Session;
    try {
      session = await Session.open({
        config,
        connectTimeout: config.timeout ?? DEFAULT_CONNECT_TIMEOUT,
        roots: { paths: () => this.roots, listChanged: Boolean(this.ctx.rootsEditable) },
        quickClose: this.ctx.oneShot,
        onStderr: (chunk) => this.patch({ stderr: this.output.stderr(chunk) }),
        onStdoutNoise: (line) => {
          this.output.noise(line);
          this.ctx.onUnreadable?.(this.name, line);
        },
        onNote: (text) => {
          this.note('warning', text);
          this.ctx.onUnreadable?.(this.name, text);
        },
        onTraffic: (entry) => this.ctx.onTraffic?.(this.name, entry),
        onSandbox: this.sandbox.event,
        failureContext: () => this.output.failureContext(),
        requests: this.ctx.requests && serverRequests(this.name, this.ctx.requests),
        ...this.ctx.wire?.(this.name), fetch: auth?.fetch,
      });
    } catch (error) {
      if (attempt !== this.attempt) return;
      const reason = error instanceof ConnectError ? error : new ConnectError(String((error as Error).message ?? error));
      // The wire knows why better than the status code: not signed in, or a refresh refused.
      const why = reason.needsAuth && auth?.problem ? `${sanitizeLine('url' in config ? redactUrl(config.url) : this.name)} needs sign-in: ${auth.problem}` : reason.message;
      // A process that started and died is worth another try; a missing command or a sign-in is not.
      const again = !reason.needsAuth && (this.supervisor?.active || reason.exit !== undefined);
      if (!again) this.supervisor?.reset();
      this.patch({ status: reason.needsAuth ? 'needs-auth' : 'failed', error: why, restart: again ? this.tryAgain(why) : undefined });
      return;
    }
    if (attempt !== this.attempt) return void session.close();
    this.session = session;
    if (session.fallback) this.note('info', session.fallback);
    session.onclose = (reason, crashed) => {
      if (this.session !== session) return;
      this.closeReason = reason;
      this.session = undefined;
      this.lists = undefined;
      // A server we cut off for flooding us would only do it again.
      if (!crashed) this.supervisor?.reset();
      this.patch({ status: 'failed', error: reason, pid: undefined, restart: crashed ? this.tryAgain(reason) : undefined });
    };
    try {
      await this.load(session);
    } catch (error) {
      if (this.session !== session) return;
      await this.closeSession();
      this.patch({ status: 'failed', error: listingFailure(error, config.timeout ?? DEFAULT_CONNECT_TIMEOUT) });
    }
  }

  private async load(session: Session): Promise<void> {
    const { client } = session;
    const capabilities = client.getServerCapabilities() ?? {};
    client.setNotificationHandler('notifications/message', ({ params }) => {
      if (this.session === session) this.patch({ logs: this.log.add(params) });
    });
    const kinds = (['tools', 'resources', 'prompts'] as const).filter((kind) => capabilities[kind] && (!this.ctx.lists || this.ctx.lists.includes(kind)));
    const { takeFirst, ...lists } = await watchLists(client, {
      kinds,
      timeout: this.definition.config?.timeout ?? DEFAULT_CONNECT_TIMEOUT,
      tools: (all) => this.toolState(all),
      apply: (change) => this.session === session && this.patch(change),
      notes: this.listNotes,
    });
    if (this.session === session) this.lists = lists;
    if (session.listening) {
      session.listening.onnote = (level, text) => this.session === session && this.note(level, text);
      const changes = (kind: (typeof kinds)[number]) => kinds.includes(kind) && Boolean(capabilities[kind]?.listChanged);
      const filter = { toolsListChanged: changes('tools'), promptsListChanged: changes('prompts'), resourcesListChanged: changes('resources') };
      // Watched resources join the same stream (renew); without any, the lists' changes alone.
      // Not waited for: the lists came with their own answers, and a stream that does not
      // open (behind a buffering proxy) is a warning, tried again later (listen.ts).
      if (this.subscriptions.uris.length) session.listening.merge(filter);
      else void session.listening.update(filter).catch(() => undefined);
    }
    await this.subscriptions.renew(client);
    if (this.session !== session) return;
    this.supervisor?.connected();
    // The lists so far land with "connected": one change for the screens to draw.
    this.patch({ ...takeFirst(), ...connectedState(session, capabilities) });
  }

  private toolState(all: Tool[]): Pick<ServerState, 'tools' | 'hiddenTools'> {
    const { shown, hidden } = filterTools(this.name, all, this.definition.config?.tools);
    return { tools: shown, hiddenTools: hidden };
  }

  async call(state: ServerState, toolName: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<CallOutcome> {
    const session = this.session;
    if (!session || state.status !== 'connected') {
      throw new ToolCallError('not-connected', `${this.name} is not connected (${state.status}${state.error ? `: ${state.error}` : ''})`);
    }
    const tool = state.tools.find((t) => t.name === toolName || t.qualifiedName === toolName);
    if (!tool) {
      const hidden = state.hiddenTools ? ` (${state.hiddenTools} hidden by the tools filter)` : '';
      throw new ToolCallError('unknown-tool', `${this.name} has no tool "${toolName}"${hidden}`);
    }
    const timeout = options.timeout ?? this.definition.config?.requestTimeout ?? this.ctx.defaultCallTimeout;
    const requests = this.ctx.requests;
    const hold = requests && callHold(this.name, requests, this.ctx.auth);
    const { onTask, onProgress, done } = this.tasks.follow(tool.name, options);
    try {
      const send = () => this.renewal.send(session, (s) => callTool(s.client, tool, args, { hold, answer: s.answer, pushes: s.taskPushes, ...options, onTask, onProgress, meta: this.requestMeta(s, options.meta), timeout }));
      return await this.sandbox.calling(tool.name, send);
    } catch (error) {
      // Watched from now on, so the server's completion notification marks them done.
      if (error instanceof ToolCallError && error.kind === 'url-elicitation-required') requests?.track(this.name, error.elicitations);
      // The SDK says only "connection closed"; say why it closed.
      if (error instanceof ToolCallError && error.kind === 'not-connected' && this.closeReason) {
        throw new ToolCallError('not-connected', `${error.message}: ${this.closeReason}`);
      }
      throw error;
    } finally {
      done();
    }
  }

  /** Request `_meta` for this session (request-meta.ts). */
  requestMeta(session = this.session, extra?: Record<string, unknown>): Record<string, unknown> | undefined {
    return requestMeta(session?.era, this.logLevel, extra);
  }

  /** The level the person chose in this session (2026-07-28: sent with each request; 2025: logging/setLevel). */
  logLevel?: LoggingLevel;

  /** Task requests on the live session, in its generation's words, with who answers a task's questions and its pushes. */
  private withTasks<T>(fn: (live: LiveTasks) => Promise<T>, extra?: Record<string, unknown>): Promise<T> {
    const requests = (client: Session['client']) => new TaskRequests(client, client.getProtocolEra() ?? 'legacy', this.requestMeta(undefined, extra));
    return this.withClient((client) => fn({ requests: requests(client), answer: this.session?.answer, pushes: this.session?.taskPushes }));
  }

  /** Runs a request on the live session; fails with the reason when there is none. */
  async withClient<T>(fn: (client: Session['client']) => Promise<T>): Promise<T> {
    const session = this.session;
    if (!session) throw new ToolCallError('not-connected', `${this.name} is not connected${this.closeReason ? `: ${this.closeReason}` : ''}`);
    return this.renewal.send(session, (s) => fn(s.client));
  }

  /** After a failure: the next try of the crash loop, or that it gave up (nothing without a policy). */
  private tryAgain(reason: string): RestartState | undefined {
    const next = (this.lastRestart = this.supervisor?.failed());
    if (next) this.note(next.at === undefined ? 'error' : 'warning', restartLogText(reason, next));
    return next;
  }

  private note(level: LoggingLevel, text: string): void {
    this.patch({ logs: this.log.note(level, text) });
  }

  /**
   * New roots: a session that declared `roots.listChanged` is told (it asks again); one
   * that declared no roots (there were none) gets a new session that does.
   */
  async setRoots(roots: string[]): Promise<void> {
    this.roots = [...roots];
    this.patch({ roots: this.roots });
    const session = this.session;
    if (!session) return;
    if (session.rootsCanChange && roots.length) return session.rootsChanged();
    await this.reconnect();
  }

  /** Asks again for the lists whose ttlMs (2026-07-28 cache hint) has run out; quiet when it fails. */
  async freshen(): Promise<void> {
    await this.lists?.freshen().catch(() => undefined);
  }

  /** A person asked: whatever the crash loop said, try now and count afresh. */
  reconnect(): Promise<void> {
    this.supervisor?.reset();
    return this.connect();
  }

  /** Stops the connection and marks the server disabled, or pending for a later connect. */
  async stop(status: 'disabled' | 'pending'): Promise<void> {
    await this.close();
    this.patch({ status, error: undefined, pid: undefined, restart: undefined });
  }

  async close(): Promise<void> {
    this.tasks.close();
    this.supervisor?.reset();
    this.attempt++;
    await this.closeSession();
  }

  private async closeSession(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    this.lists = undefined;
    await session?.close();
  }

  private patch(change: Partial<ServerState>): void {
    if (change.error) this.lastError = change.error;
    this.ctx.patch(this.name, change);
  }
}
