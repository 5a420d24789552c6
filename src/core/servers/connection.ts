import {
  LoggingMessageNotificationSchema,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { ServerDefinition } from '../config/types.js';
import { redactEntry } from '../config/redact.js';
import { callTool, ToolCallError, type CallOptions, type CallOutcome } from '../mcp/call.js';
import { ConnectError, httpStatus } from '../mcp/errors.js';
import type { RequestQueue } from '../elicitation/queue.js';
import type { AuthManager } from '../auth/manager.js';
import { listAll, type Listed, type ListKind as ListName } from '../mcp/list.js';
import { Session, type SessionOptions } from '../mcp/session.js';
import type { TrafficEntry } from '../mcp/tap.js';
import { ErrorCode, McpError, type LoggingLevel, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { filterTools } from './tools.js';
import { ResourceSubscriptions } from './subscriptions.js';
import { appendBounded, logEntry, MAX_LOG_ENTRIES, type LogEntry } from './log-messages.js';
import type { ListNotes, ServerState } from './state.js';
import { LineTail } from '../../util/line-tail.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { formatDuration } from '../../util/text.js';
import { Supervisor, type RestartPolicy, type RestartState } from './supervisor.js';

export const DEFAULT_CONNECT_TIMEOUT = 30_000;

export type ListKind = 'tools' | 'resources' | 'prompts';

export interface ConnectionContext {
  /** What to list after connecting; all when unset. */
  lists?: ListKind[];
  roots: string[];
  /** Applies a change to this server's record in the store. */
  patch: (name: string, change: Partial<ServerState>) => void;
  onTraffic?: (name: string, entry: TrafficEntry) => void;
  defaultCallTimeout?: number;
  /** What servers ask of the person; a call waits without a deadline while its server's request is pending. */
  requests?: RequestQueue;
  /** OAuth for remote servers: the signed fetch, and a call waits while its server signs in again. */
  auth?: AuthManager;
  /** Restart a server whose process died (or reconnect a remote one that dropped); unset: leave it failed. */
  restart?: RestartPolicy;
}

/** One server's lifetime: connecting, listing, calling, reconnecting, closing. */
export class ServerConnection {
  private session?: Session;
  private attempt = 0;
  private readonly stderr = new LineTail(200);
  /** This attempt's stderr only: a new failure is never blamed on an old run's output. */
  private readonly attemptStderr = new LineTail(20);
  /** Why the last session ended, for a call that was cut off by it. */
  private closeReason?: string;
  private readonly stdoutNoise = new LineTail(20);
  /** Kept across reconnects, like stderr: what a server said before it died matters most. */
  private logs: LogEntry[] = [];
  private logSeq = 0;
  /** Watched resources: kept across sessions, renewed on each new one in load(). */
  readonly subscriptions = new ResourceSubscriptions(() => this.name, (subscriptions) => this.patch({ subscriptions }));
  /** Restarts after a crash; none for in-process servers (they die with us) or without a policy. */
  private readonly supervisor?: Supervisor;
  /** The re-initialization under way after the server forgot a session, shared by the calls that found out. */
  private renewing?: { session: Session; done: Promise<void> };
  private lastRestart?: RestartState;
  /** The last reason shown, for a request that needed a new session and did not get one. */
  private lastError?: string;
  private listNotes: ListNotes = {};

  constructor(
    readonly definition: ServerDefinition,
    private readonly ctx: ConnectionContext,
  ) {
    const type = definition.config?.type;
    if (ctx.restart && type && type !== 'inprocess') {
      this.supervisor = new Supervisor(ctx.restart, type === 'stdio' ? 'restart' : 'reconnect', () => void this.connect());
    }
  }

  get name(): string {
    return this.definition.name;
  }

  initialState(enabled: boolean): ServerState {
    const { name, source, raw, config, issues } = this.definition;
    const status = !config ? 'failed' : !enabled || config.disabled ? 'disabled' : 'pending';
    const error = !config ? issues.filter((i) => i.severity === 'error').map((i) => i.message).join('; ') : undefined;
    return {
      name, source, transport: config?.type, config: redactEntry(raw), configIssues: issues, status, error,
      tools: [], hiddenTools: 0, resources: [], resourceTemplates: [], prompts: [], stderr: [], logs: [],
    };
  }

  async connect(): Promise<void> {
    const config = this.definition.config;
    if (!config) return;
    const attempt = ++this.attempt;
    await this.closeSession();
    this.stdoutNoise.clear();
    this.attemptStderr.clear();
    this.closeReason = undefined;
    // A new session starts at the server's default level; a restart keeps its count on show.
    const restart = this.supervisor?.active ? this.lastRestart : undefined;
    this.patch({ status: 'connecting', error: undefined, logLevel: undefined, restart: restart && { ...restart, at: undefined } });
    const auth = this.ctx.auth?.forServer(this.name, config);
    let session: Session;
    try {
      session = await Session.open({
        config,
        connectTimeout: config.timeout ?? DEFAULT_CONNECT_TIMEOUT,
        roots: this.ctx.roots,
        onStderr: (chunk) => {
          this.attemptStderr.push(chunk);
          this.patch({ stderr: this.stderr.push(chunk) });
        },
        onStdoutNoise: (line) => this.stdoutNoise.push(`${line}\n`),
        onTraffic: (entry) => this.ctx.onTraffic?.(this.name, entry),
        failureContext: () => ({ stderrTail: this.attemptStderr.lines(), stdoutNoise: this.stdoutNoise.lines() }),
        requests: this.serverRequests(),
        fetch: auth?.fetch,
      });
    } catch (error) {
      if (attempt !== this.attempt) return;
      const reason = error instanceof ConnectError ? error : new ConnectError(String((error as Error).message ?? error));
      // The wire knows why better than the status code: not signed in, or a refresh refused.
      const why = reason.needsAuth && auth?.problem ? `${sanitizeLine('url' in config ? config.url : this.name)} needs sign-in: ${auth.problem}` : reason.message;
      // A process that started and died is worth another try; a missing command or a sign-in is not.
      const again = !reason.needsAuth && (this.supervisor?.active || reason.exit !== undefined);
      if (!again) this.supervisor?.reset();
      this.patch({ status: reason.needsAuth ? 'needs-auth' : 'failed', error: why, restart: again ? this.tryAgain(why) : undefined });
      return;
    }
    if (attempt !== this.attempt) return void session.close();
    this.session = session;
    session.onclose = (reason, crashed) => {
      if (this.session !== session) return;
      this.closeReason = reason;
      this.session = undefined;
      // A server we cut off for flooding us would only do it again.
      if (!crashed) this.supervisor?.reset();
      this.patch({ status: 'failed', error: reason, pid: undefined, restart: crashed ? this.tryAgain(reason) : undefined });
    };
    try {
      await this.load(session);
    } catch (error) {
      if (this.session !== session) return;
      await this.closeSession();
      const timedOut = error instanceof McpError && error.code === ErrorCode.RequestTimeout;
      const why = timedOut ? `no answer to a list request within ${formatDuration(config.timeout ?? DEFAULT_CONNECT_TIMEOUT)} (raise "timeout" in the config if it is just slow)` : (error as Error).message;
      this.patch({ status: 'failed', error: `connected, but listing failed: ${why}` });
    }
  }

  /**
   * Lists what the server offers and keeps it fresh on list_changed. The handlers go
   * in before the first listing, so a change announced while it runs is not lost;
   * answers are applied in the order they were asked for, so a late, stale one never wins.
   */
  private async load(session: Session): Promise<void> {
    const { client } = session;
    const capabilities = client.getServerCapabilities() ?? {};
    const wanted = (kind: ListKind) => Boolean(capabilities[kind]) && (!this.ctx.lists || this.ctx.lists.includes(kind));
    const asked = { tools: 0, resources: 0, prompts: 0 };
    const applied = { ...asked };
    // The server's timeout bounds each page, during connect and on every refresh.
    const list = <K extends ListName>(kind: K) => listAll(client, kind, { timeout: this.definition.config?.timeout ?? DEFAULT_CONNECT_TIMEOUT });
    const fetchers = {
      tools: async () => (wanted('tools') ? this.noted('tools', await list('tools'), (items) => this.toolState(items)) : {}),
      resources: async () => (wanted('resources') ? {
        ...this.noted('resources', await list('resources'), (resources) => ({ resources })),
        ...this.noted('resourceTemplates', await list('resourceTemplates').catch(() => ({ items: [] })), (resourceTemplates) => ({ resourceTemplates })),
      } : {}),
      prompts: async () => (wanted('prompts') ? this.noted('prompts', await list('prompts'), (prompts) => ({ prompts })) : {}),
    };
    const refresh = async (kind: keyof typeof fetchers) => {
      const seq = ++asked[kind];
      const change = await fetchers[kind]();
      if (seq > applied[kind] && this.session === session) {
        applied[kind] = seq;
        this.patch(change);
      }
    };
    const quietly = (kind: keyof typeof fetchers) => () => void refresh(kind).catch(() => undefined);
    client.setNotificationHandler(ToolListChangedNotificationSchema, quietly('tools'));
    client.setNotificationHandler(ResourceListChangedNotificationSchema, quietly('resources'));
    client.setNotificationHandler(PromptListChangedNotificationSchema, quietly('prompts'));
    client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => {
      if (this.session !== session) return;
      this.logs = appendBounded(this.logs, logEntry(params, this.logSeq++), MAX_LOG_ENTRIES);
      this.patch({ logs: this.logs });
    });
    await Promise.all([refresh('tools'), refresh('resources'), refresh('prompts')]);
    await this.subscriptions.renew(client);
    if (this.session !== session) return;
    this.supervisor?.connected();
    this.patch({
      status: 'connected',
      error: undefined,
      restart: undefined,
      serverInfo: client.getServerVersion(),
      capabilities,
      instructions: client.getInstructions(),
      protocolVersion: session.protocolVersion,
      pid: session.pid,
      connectedAt: Date.now(),
    });
  }

  /** A list's state change, with its note of what was left out (or none, replacing an old one). */
  private noted<T, C extends Partial<ServerState>>(kind: ListName, listed: Listed<T>, change: (items: T[]) => C): C & Pick<ServerState, 'listNotes'> {
    const { [kind]: _old, ...others } = this.listNotes;
    this.listNotes = listed.truncated ? { ...others, [kind]: listed.truncated } : others;
    return { ...change(listed.items), listNotes: this.listNotes };
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
    const auth = this.ctx.auth;
    const hold = requests && {
      held: () => requests.hasPending(this.name) || Boolean(auth?.isSigningIn(this.name)),
      subscribe: (listener: () => void) => {
        const stops = [requests.subscribe(listener), auth?.subscribe(listener)];
        return () => stops.forEach((stop) => stop?.());
      },
    };
    try {
      return await this.onSession(session, (s) => callTool(s.client, tool, args, { hold, ...options, timeout }));
    } catch (error) {
      // Watched from now on, so the server's completion notification marks them done.
      if (error instanceof ToolCallError && error.kind === 'url-elicitation-required') requests?.track(this.name, error.elicitations);
      // The SDK says only "connection closed"; say why it closed.
      if (error instanceof ToolCallError && error.kind === 'not-connected' && this.closeReason) {
        throw new ToolCallError('not-connected', `${error.message}: ${this.closeReason}`);
      }
      throw error;
    }
  }

  private serverRequests(): SessionOptions['requests'] {
    const requests = this.ctx.requests;
    if (!requests) return undefined;
    return {
      elicit: (input, signal) => requests.elicit(this.name, input, signal),
      sample: (params, signal) => requests.sample(this.name, params, signal),
      completed: (elicitationId) => requests.complete(this.name, elicitationId),
    };
  }

  /** Runs a request on the live session; fails with the reason when there is none. */
  async withClient<T>(fn: (client: Session['client']) => Promise<T>): Promise<T> {
    const session = this.session;
    if (!session) throw new ToolCallError('not-connected', `${this.name} is not connected${this.closeReason ? `: ${this.closeReason}` : ''}`);
    return this.onSession(session, (s) => fn(s.client));
  }

  /**
   * Sends on `session`. A Streamable HTTP server that forgot the session answers 404:
   * a new session is initialized on a new transport and the request sent once more;
   * calls that found out together share the one new session.
   */
  private async onSession<T>(session: Session, fn: (session: Session) => Promise<T>): Promise<T> {
    try {
      return await fn(session);
    } catch (error) {
      const expired = error instanceof ToolCallError ? error.kind === 'session-expired' : httpStatus(error) === 404;
      if (!expired || !session.transport.sessionId) throw error;
      if (this.renewing?.session !== session) {
        this.note('warning', 'the server no longer knows this session (HTTP 404); starting a new one');
        this.renewing = { session, done: this.connect() };
      }
      await this.renewing.done;
      const fresh = this.session;
      if (!fresh) throw new ToolCallError('session-expired', `the server no longer knows this session (HTTP 404), and a new one failed: ${this.failure()}`);
      return fn(fresh);
    }
  }

  private failure(): string {
    return this.closeReason ?? this.lastError ?? 'unknown';
  }

  /** After a failure: the next try of the crash loop, or that it gave up (nothing without a policy). */
  private tryAgain(reason: string): RestartState | undefined {
    const next = (this.lastRestart = this.supervisor?.failed());
    if (next?.at !== undefined) this.note('warning', `${reason}; ${next.kind} ${next.attempt}/${next.tries} in ${formatDuration(next.at - Date.now())}`);
    else if (next) this.note('error', `${reason}; gave up after ${next.tries} ${next.kind}s (reconnect to try again)`);
    return next;
  }

  /** mcpdeck's own word in the server's log: what the supervisor did and why. */
  private note(level: LoggingLevel, text: string): void {
    this.logs = appendBounded(this.logs, { seq: this.logSeq++, time: Date.now(), level, logger: 'mcpdeck', data: text }, MAX_LOG_ENTRIES);
    this.patch({ logs: this.logs });
  }

  /** A person asked: whatever the crash loop said, try now and count afresh. */
  reconnect(): Promise<void> {
    this.supervisor?.reset();
    return this.connect();
  }

  /** Stops the connection and marks the server disabled, or pending for a later connect. */
  async stop(status: 'disabled' | 'pending'): Promise<void> {
    this.supervisor?.reset();
    this.attempt++;
    await this.closeSession();
    this.patch({ status, error: undefined, pid: undefined, restart: undefined });
  }

  async close(): Promise<void> {
    this.supervisor?.reset();
    this.attempt++;
    await this.closeSession();
  }

  private async closeSession(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    await session?.close();
  }

  private patch(change: Partial<ServerState>): void {
    if (change.error) this.lastError = change.error;
    this.ctx.patch(this.name, change);
  }
}
