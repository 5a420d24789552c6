import { pathToFileURL } from 'node:url';
import { LATEST_PROTOCOL_VERSION, mergeCapabilities, type Client, type ClientCapabilities, type jsonSchemaValidator, type Transport } from '@modelcontextprotocol/client';
import { DeckClient } from './deck-client.js';
import type { ServerConfig, TransportType } from '../config/types.js';
import { MODERN_REVISION, negotiation } from './protocol.js';
import { StdioOpening } from './stdio-opening.js';
import { ListenStream } from './listen.js';
import type { ProtocolEra } from './types.js';
import { VERSION } from '../../util/version.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { maskUrls } from '../config/redact.js';
import { ConnectError, explainConnectError, type FailureContext } from './errors.js';
import { bindTaskAsks, inputAnswerer, installServerRequests, type ServerRequests } from './server-requests.js';
import { acceptTaskResults, TASKS_EXTENSION } from './task-wire.js';
import { APP_MIME_TYPE, APPS_EXTENSION } from '../apps/ui-resource.js';
import type { InputAnswerer } from './tasks.js';
import { TaskPushes } from './task-watch.js';
import { StdioTransport } from './stdio-transport.js';
import { TappedTransport, type TrafficEntry } from './tap.js';
import { buildTransport, type TransportHooks } from './transports.js';

const UNREADABLE = 'the server sent a message mcpdeck cannot read (not one JSON-RPC message: a JSON-RPC batch, which MCP has not had since 2025-06-18, or not JSON-RPC at all); it was ignored';

// `elicitation.form.applyDefaults`, not the older `elicitation.applyDefaults`, which the SDK ignores.
// `roots` only when the person configured some (rootsCapability). Tasks: the 2026-07-28
// extension (any call may come back as a task, call.ts follows it) and, with a person to
// answer, 2025's task-augmented questions (bindTaskAsks adds `tasks`).
const CLIENT_CAPABILITIES: ClientCapabilities = {
  elicitation: { form: { applyDefaults: true }, url: {} },
  // `tools`: a person can answer a sampling request with a use of a tool it offers.
  sampling: { tools: {} },
  // MCP Apps (SEP-1865): mcpdeck hosts a tool's HTML app in the person's browser.
  extensions: { [TASKS_EXTENSION]: {}, [APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } },
};

/** The roots this session offers: the folders, and whether they may change while it lasts (the deck can edit them). */
interface SessionRoots {
  paths: () => readonly string[];
  listChanged: boolean;
}

/**
 * Declared only when there are roots: a server such as server-filesystem replaces the
 * folders it was started with by the client's roots, so none unasked. `listChanged` only
 * where a change can happen.
 */
function rootsCapability(roots: SessionRoots | undefined): ClientCapabilities {
  return roots && roots.paths().length ? { roots: roots.listChanged ? { listChanged: true } : {} } : {};
}

export interface SessionOptions extends TransportHooks {
  config: ServerConfig;
  connectTimeout: number;
  /** Absent or empty: no roots capability, no roots/list handler. */
  roots?: SessionRoots;
  onTraffic: (entry: TrafficEntry) => void;
  /** Read at failure time: what the server said on stderr and stdout so far. */
  failureContext: () => Pick<FailureContext, 'stderrTail' | 'stdoutNoise'>;
  /** Where elicitation and sampling requests go; without it the capabilities are not declared. */
  requests?: ServerRequests;
}

/**
 * The SDK would check tool outputs with an Ajv of its own, running a server's `pattern`s
 * unguarded and throwing the result away on a mismatch: outputs are checked where a
 * person sees the mismatch beside the result (schema/validator.ts).
 */
const CHECKED_ELSEWHERE: jsonSchemaValidator = { getValidator: () => (input) => ({ valid: true, data: input as never, errorMessage: undefined }) };

/** One live connection to one server. A closed session is never reused. */
export class Session {
  /** The session ended without our asking; `crashed` when trying again may help (not when we cut it off). */
  onclose?: (reason: string, crashed: boolean) => void;
  private closing = false;
  private probing = false;
  /** On a 2026-07-28 session: the stream that carries the server's change notifications. */
  listening?: ListenStream;
  /** On a 2026-07-28 session whose server offers tasks: the task states it pushes. */
  taskPushes?: TaskPushes;
  /** Who answers what a 2026-07-28 task asks (its inputRequests); absent without a person or policy. */
  answer?: InputAnswerer;
  /** Ends the 2025 task-augmented questions' bookkeeping with the session. */
  private stopTaskAsks?: () => void;
  /** Why this session speaks SSE where the configuration left the transport open: the server refused Streamable HTTP. */
  fallback?: string;

  private constructor(
    readonly client: Client,
    readonly transport: TappedTransport,
    /** The transport in use: as configured, or `sse` after the fallback. */
    readonly type: TransportType,
    private readonly dispose?: () => Promise<void>,
    /** Roots were declared with `listChanged`: a change can be announced without a new session. */
    readonly rootsCanChange = false,
  ) {}

  /** Tells the server its roots changed (notifications/roots/list_changed); it asks for them again. */
  async rootsChanged(): Promise<void> {
    await this.client.sendRootsListChanged();
  }

  get protocolVersion(): string | undefined {
    return this.client.getNegotiatedProtocolVersion();
  }

  /** 2026-07-28 and later (stateless, asks in results) or the 2025 revisions (initialize, server requests). */
  get era(): ProtocolEra | undefined {
    return this.client.getProtocolEra();
  }

  get pid(): number | undefined {
    return this.transport.inner instanceof StdioTransport ? this.transport.inner.pid : undefined;
  }

  /**
   * Connects. Streamable HTTP falls back to SSE only where the type was assumed and
   * the server refused the transport itself (400/404/405 without a JSON-RPC error:
   * a refused protocol version is said as one). A stdio server that quits cleanly on
   * the era probe (some 2025 servers end on any request before `initialize`) is started
   * once more and greeted the 2025 way.
   */
  static async open(options: SessionOptions): Promise<Session> {
    try {
      return await Session.attempt(options, 'probe');
    } catch (error) {
      const reason = error instanceof ConnectError ? error : undefined;
      const { config } = options;
      if (config.type === 'http' && config.typeAssumed && reason?.httpStatus && !reason.rpcError && [400, 404, 405].includes(reason.httpStatus)) {
        const session = await Session.attempt(options, 'sse');
        session.fallback = maskUrls(`${config.url} answered HTTP ${reason.httpStatus} to Streamable HTTP, so mcpdeck connected with the older HTTP+SSE transport (set "type": "sse" to skip the first try)`);
        return session;
      }
      // Exit code 0: it quit on the probe by design. A crash (any other code) is reported as one, not run twice.
      if (config.type === 'stdio' && !config.protocol && reason?.exitedBeforeAnswer && reason.exit?.code === 0) return Session.attempt(options, 'legacy');
      throw error;
    }
  }

  private static async attempt(options: SessionOptions, how: 'probe' | 'sse' | 'legacy'): Promise<Session> {
    const { config } = options;
    // A response past a cap fails the session with that reason: during connect as the
    // connect error, later as the reason the session was lost (not worth a retry).
    let overflow: string | undefined;
    let opened: Session | undefined;
    let stopConnecting: ((error: Error) => void) | undefined;
    const onOverflow = (reason: string) => {
      overflow ??= reason;
      if (opened) opened.lose(reason, false);
      else stopConnecting?.(new ConnectError(reason));
    };
    const built = await buildTransport(config, { ...options, onOverflow }, how === 'sse');
    const transport = new TappedTransport(built.transport, options.onTraffic, options.traceSpan);
    const { elicitation: _e, sampling: _s, ...basic } = CLIENT_CAPABILITIES;
    const { roots } = options;
    const declared = rootsCapability(roots);
    const clientInfo = { name: 'mcpdeck', version: VERSION };
    let capabilities: ClientCapabilities = { ...declared, ...(options.requests ? CLIENT_CAPABILITIES : basic) };
    const client = new DeckClient(clientInfo, {
      capabilities,
      ...negotiation(config, options.connectTimeout, how === 'sse'),
      jsonSchemaValidator: CHECKED_ELSEWHERE,
    });
    // On 2026-07-28 a server asks in an input_required round; the SDK hands it to this same handler.
    const offered = roots && declared.roots ? () => roots.paths().map((path) => ({ uri: pathToFileURL(path).href, name: path })) : undefined;
    if (offered) client.setRequestHandler('roots/list', () => ({ roots: offered() }));
    const session = new Session(client, transport, how === 'sse' ? 'sse' : config.type, built.dispose, Boolean(declared.roots?.listChanged));
    acceptTaskResults(client);
    if (options.requests) {
      installServerRequests(client, options.requests);
      const asks = bindTaskAsks(client, options.requests);
      client.registerCapabilities({ tasks: { ...asks.capabilities } });
      capabilities = mergeCapabilities(capabilities, { tasks: { ...asks.capabilities } });
      session.stopTaskAsks = () => asks.close();
      session.answer = inputAnswerer(options.requests, offered);
    }
    // A stdio server of unknown era: both openings at once (stdio-opening.ts), never a wait on silence.
    const opening = config.type === 'stdio' && (config.protocol ?? 'auto') === 'auto' && how === 'probe' ? new StdioOpening(transport) : undefined;
    const wire: Transport = opening ?? transport;
    const prior = async () => (opening ? opening.open({ clientInfo, capabilities, modern: MODERN_REVISION, legacy: LATEST_PROTOCOL_VERSION }) : how === 'legacy' ? { kind: 'legacy' as const } : undefined);
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    try {
      await Promise.race([
        // The SDK's own 60 s request timeout would cut a longer connect timeout short.
        prior().then((known) => client.connect(wire, { timeout: options.connectTimeout, ...(known && { prior: known }) })),
        new Promise((_, reject) => {
          timer = setTimeout(() => {
            timedOut = true;
            reject(new Error('timeout'));
          }, options.connectTimeout);
        }),
        // A request whose response stream broke a cap would otherwise wait for the timeout.
        new Promise((_, reject) => (stopConnecting = reject)),
      ]);
    } catch (error) {
      // Read before closing: our own close would otherwise look like the server's exit.
      const exit = transport.inner instanceof StdioTransport ? transport.inner.exit : undefined;
      const failure = transport.inner instanceof StdioTransport ? transport.inner.failure : overflow;
      await session.close().catch(() => undefined);
      const reason = explainConnectError(failure ? new ConnectError(failure) : error, {
        config,
        exit,
        ...options.failureContext(),
        timedOut: timedOut ? options.connectTimeout : undefined,
      });
      if (!failure && !reason.notStarted) reason.exit = exit;
      reason.exitedBeforeAnswer = Boolean(exit) && !failure && transport.received === 0;
      throw reason;
    } finally {
      clearTimeout(timer);
    }
    client.onclose = () => {
      if (session.closing) return;
      const inner = transport.inner instanceof StdioTransport ? transport.inner : undefined;
      const reason = explainConnectError(new Error(inner?.failure ?? 'the connection closed'), { config, exit: inner?.failure ? undefined : inner?.exit, ...options.failureContext() });
      session.onclose?.(reason.message, !inner?.failure);
    };
    if ('url' in config) {
      client.onerror = (error) => {
        // The SDK drops an SSE event it cannot parse (a JSON-RPC batch, or not JSON-RPC) and only says so here.
        if (error.name === 'ZodError' || error instanceof SyntaxError) return options.onNote?.(UNREADABLE);
        session.watchStream(error, config.url, options.connectTimeout);
      };
    }
    opened = session;
    if (overflow) session.lose(overflow, false);
    transport.modern = session.era === 'modern';
    if (session.era === 'modern') {
      const listening = (session.listening = new ListenStream(client, options.connectTimeout, (why) => session.lose(why)));
      if (client.getServerCapabilities()?.extensions?.[TASKS_EXTENSION]) session.taskPushes = new TaskPushes(client, (taskIds) => listening.update({ taskIds }));
    }
    return session;
  }

  /**
   * What the SDK reports of its HTTP streams, but does not act on. It retries a dropped
   * standalone stream twice, then stops delivering the server's messages without a word:
   * the session is as good as gone. A response stream that breaks leaves its request
   * waiting for ever: a ping tells a dead server (the calls fail now, with the reason)
   * from a live one.
   */
  private watchStream(error: Error, url: string, timeout: number): void {
    if (this.closing) return;
    if (/Maximum reconnection attempts/.test(error.message)) return this.lose(`${sanitizeLine(url)}: the event stream dropped and did not come back`);
    // A standalone stream the SDK reconnects itself; only a request left waiting needs the probe.
    if (!/SSE stream disconnected/.test(error.message) || this.probing || !this.transport.inFlight) return;
    this.probing = true;
    this.client.ping({ timeout: Math.min(timeout, 10_000) }).then(
      () => (this.probing = false),
      (cause: Error) => this.lose(`${sanitizeLine(url)} stopped answering: ${sanitizeLine(describeCause(cause))}`),
    );
  }

  /**
   * The session ended on the server's side: say why first, so calls cut off by the close
   * can tell. `crashed` when trying again may help; a server cut off for breaking a cap
   * would only do it again.
   */
  lose(why: string, crashed = true): void {
    if (this.closing) return;
    this.onclose?.(maskUrls(why), crashed);
    void this.close();
  }

  /** Closes cleanly: HTTP sessions are terminated, child processes never left behind. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.stopTaskAsks?.();
    await this.listening?.close();
    const inner = this.transport.inner;
    // Streamable HTTP: end the server's session too (DELETE), not just our side.
    const terminate = (inner as { terminateSession?: () => Promise<void> }).terminateSession;
    if (inner.sessionId && terminate) await terminate.call(inner).catch(() => undefined);
    await this.client.close().catch(() => undefined);
    await this.dispose?.().catch(() => undefined);
  }
}

/** fetch says "fetch failed"; the cause (ECONNREFUSED, a reset) is what a person needs. */
function describeCause(error: Error): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code === 'ECONNREFUSED') return 'nothing is listening any more (connection refused)';
  if (cause?.code === 'ECONNRESET') return 'the connection was reset';
  return cause?.code ?? cause?.message ?? error.message;
}
