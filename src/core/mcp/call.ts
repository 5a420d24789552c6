import { InsufficientScopeError, ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, UnauthorizedError, type CallToolResult, type Client, type Progress, type Tool } from '@modelcontextprotocol/client';
import { loadValidator, validate, type ValidationResult } from '../schema/validator.js';
import { maskUrls } from '../config/redact.js';
import type { UrlElicitationNeeded } from '../elicitation/types.js';
import { parseUrlElicitations } from '../elicitation/url.js';
import { httpStatus } from './errors.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { createdTask, taskProblem, taskSupport, type TaskView } from './task-wire.js';
import { followTask, TaskEnded, TaskRequests, type InputAnswerer } from './tasks.js';
import { ownProgressToken } from './deck-client.js';
import type { TaskPushes } from './task-watch.js';
import { SamplingDeclined } from './server-requests.js';

const DEFAULT_CALL_TIMEOUT = 10 * 60_000;
/** The SDK's own timer is pushed out of the way (setTimeout's largest delay): ours decides. */
const NO_SDK_TIMEOUT = 2 ** 31 - 1;

/** Something that makes a call wait without a deadline: a request of its server waiting for the person. */
export interface CallHold {
  held(): boolean;
  subscribe(listener: () => void): () => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
  /** Ms without any progress before the call is given up; resets on progress. */
  timeout?: number;
  /** While this holds, the timeout does not run; it starts afresh when the hold ends. */
  hold?: CallHold;
  /** Request `_meta` (a 2026-07-28 log level rides here). */
  meta?: Record<string, unknown>;
  /**
   * Run it as a task (2025-11-25: a tool whose taskSupport is `optional`; one that
   * requires it always is). On 2026-07-28 the server decides: any call may become one.
   */
  task?: boolean;
  /** The task's lifetime asked for (2025 `task.ttl`, ms); the server may choose another. */
  taskTtl?: number;
  /** A call that became a task: each state it was seen in. */
  onTask?: (task: TaskView) => void;
  /** 2026-07-28: who answers what a task asks (its `inputRequests`). */
  answer?: InputAnswerer;
  /** 2026-07-28: the server's pushes of task states (`notifications/tasks`), where it offers them. */
  pushes?: TaskPushes;
  /**
   * false sends the arguments without checking them against the tool's inputSchema
   * first: a server author testing the server's own checks (`--no-validate`, "send anyway", fuzzing).
   */
  validate?: boolean;
}

export interface CallOutcome {
  /** The result exactly as the server sent it. */
  result: CallToolResult;
  /** The tool ran and reported failure (`isError`), as opposed to a protocol error. */
  isError: boolean;
  durationMs: number;
  /** The W3C trace the call's requests carried (SEP-414), set by the Deck. */
  traceId?: string;
  /** Present when the tool declares an outputSchema: mismatches are reported, never hidden; `unchecked` says why it could not be checked. */
  output?: ValidationResult;
}

export type CallErrorKind =
  | 'bad-arguments' | 'unknown-tool' | 'not-connected' | 'cancelled' | 'timeout' | 'protocol' | 'url-elicitation-required'
  /** Streamable HTTP answered 404 to a request with our session id: the server forgot the session. */
  | 'session-expired'
  /** The server refused the call until the person signs in (again, for a wider scope): nothing a retry fixes. */
  | 'needs-sign-in'
  /** The call ran as a task, and the task failed (a JSON-RPC error while it ran). */
  | 'task-failed'
  /** 2026-07-28: the person declined the server's sampling request, which ends the call there (nothing is sent). */
  | 'declined';

export class ToolCallError extends Error {
  constructor(
    readonly kind: CallErrorKind,
    message: string,
    readonly details: string[] = [],
    /** For 'url-elicitation-required' (-32042): the pages to visit before calling again. */
    readonly elicitations: UrlElicitationNeeded[] = [],
    /** The JSON-RPC error code, for a server's error response. */
    readonly code?: number,
  ) {
    // The reason may quote the server's URL, secrets and all (a dropped connection).
    super(maskUrls(message));
  }
}

/** Checks arguments against the tool's inputSchema before anything is sent. */
function checkArguments(tool: Tool, args: Record<string, unknown>): void {
  const { valid, errors } = validate(tool.inputSchema, args);
  if (!valid) throw new ToolCallError('bad-arguments', `invalid arguments for ${tool.name}: ${errors.join('; ')}`, errors);
}

export async function callTool(client: Client, tool: Tool, args: Record<string, unknown>, options: CallOptions = {}): Promise<CallOutcome> {
  // The arguments are checked before sending, the output when it comes.
  await loadValidator();
  if (options.validate !== false) checkArguments(tool, args);
  const problem = taskProblem(tool, client.getProtocolEra(), client.getServerCapabilities(), Boolean(options.task));
  if (problem) throw new ToolCallError('bad-arguments', problem);
  const started = performance.now();
  const abort = new AbortController();
  const onAbort = () => abort.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) onAbort();
  const timeout = options.timeout ?? DEFAULT_CALL_TIMEOUT;
  let expired: ToolCallError | undefined;
  const timer = new IdleTimer(timeout, options.hold, () => {
    expired = new ToolCallError('timeout', `the call timed out: no result or progress for ${formatSeconds(timeout)}`);
    abort.abort(expired.message);
  });
  let result: CallToolResult;
  const asTask = client.getProtocolEra() === 'legacy' && (taskSupport(tool) === 'required' || (options.task && taskSupport(tool) === 'optional'));
  const task = asTask ? { task: options.taskTtl ? { ttl: options.taskTtl } : {} } : {};
  const onprogress = (progress: Progress) => {
    timer.touch();
    if (!sdkRound(progress)) options.onProgress?.(progress);
  };
  // A 2025 task's progress goes on after the response (the token lives as long as the
  // task), where the SDK's own per-request handler is gone: a token of our own instead.
  const own = asTask ? ownProgressToken(client, onprogress) : undefined;
  const meta = own ? { ...options.meta, progressToken: own.token } : options.meta;
  let running: TaskView | undefined;
  try {
    // callTool, not a raw request: on 2026-07-28 over HTTP it mirrors `x-mcp-header`
    // arguments into headers. Its output check is switched off (session.ts): ours
    // shows a mismatch beside the result instead of throwing the result away. It may
    // answer with a task (task-wire.ts): then the task is followed to its end.
    result = await client.callTool({ name: tool.name, arguments: args, ...task, ...(meta && { _meta: meta }) }, {
      // A task carries no structuredContent: the SDK would call that a mismatch.
      toolDefinition: { ...tool, outputSchema: undefined },
      signal: abort.signal,
      ...(!own && { onprogress }),
      timeout: NO_SDK_TIMEOUT,
    });
    const created = createdTask(result);
    if (created) {
      const requests = new TaskRequests(client, client.getProtocolEra() ?? 'legacy', options.meta);
      result = await followTask(requests, created, {
        signal: abort.signal,
        answer: options.answer,
        pushes: options.pushes,
        onUpdate: (seen) => {
          if (running?.status !== seen.status || running.statusMessage !== seen.statusMessage) timer.touch();
          running = seen;
          options.onTask?.(seen);
        },
      }).catch(async (error: unknown) => {
        // A task outlives its request: stopping it takes tasks/cancel (never notifications/cancelled).
        // So does giving up on its question (nothing could answer it): it would wait for ever.
        if (abort.signal.aborted || running?.status === 'input_required') await requests.cancel(created.taskId, { timeout: 10_000 }).catch(() => undefined);
        throw error;
      });
    }
  } catch (error) {
    throw expired ?? taskError(error) ?? asCallError(error, options.signal, 'call', running);
  } finally {
    own?.stop();
    timer.stop();
    options.signal?.removeEventListener('abort', onAbort);
  }
  const durationMs = performance.now() - started;
  const isError = result.isError === true;
  return { result, isError, durationMs, output: tool.outputSchema && !isError ? checkOutput(tool.outputSchema, result) : undefined };
}

/**
 * The v2 SDK reports each input_required round it fulfils (2026-07-28) through the call's
 * progress callback, as "Fulfilling input required by 'tools/call' (round 1)" with no
 * total: the SDK's own doing, not the server's progress. Matched by its words, the only
 * mark it carries (test/integration/elicit-cli.test.ts fails if it shows again).
 */
function sdkRound(progress: Progress): boolean {
  return progress.total === undefined && /^Fulfilling input required by '[^']*' \(round \d+\)$/.test(progress.message ?? '');
}

/** A task that ended without a result, as the call error it is; undefined for any other error. */
export function taskError(error: unknown): ToolCallError | undefined {
  if (error instanceof TaskEnded) return new ToolCallError(error.task.status === 'cancelled' ? 'cancelled' : 'task-failed', error.message);
  return undefined;
}

function checkOutput(schema: object, result: CallToolResult): ValidationResult {
  if (result.structuredContent === undefined) {
    return { valid: false, errors: ['the tool declares an outputSchema but returned no structuredContent'] };
  }
  return validate(schema, result.structuredContent);
}

/** An error a request can meet (the server's answer, the transport, sign-in), as opposed to a bug in mcpdeck. */
export function isRequestFailure(error: unknown): boolean {
  return error instanceof ToolCallError || error instanceof SdkError || error instanceof ProtocolError || error instanceof UnauthorizedError || httpStatus(error) !== undefined;
}

/** Any request's failure (not only a call's) as a ToolCallError: its kind says which exit code or message fits. */
export function requestError(error: unknown, signal?: AbortSignal): ToolCallError {
  return asCallError(error, signal, 'request');
}

function asCallError(error: unknown, signal?: AbortSignal, what: 'call' | 'request' = 'call', task?: TaskView): ToolCallError {
  if (error instanceof ToolCallError) return error;
  if (signal?.aborted) return new ToolCallError('cancelled', task ? `the task was cancelled (the server was told: tasks/cancel ${sanitizeLine(task.taskId)})` : `the ${what} was cancelled (the server was told)`);
  if (error instanceof SdkError) {
    if (error.code === SdkErrorCode.RequestTimeout) return new ToolCallError('timeout', `the ${what} timed out: ${error.message}`);
    if (error.code === SdkErrorCode.ConnectionClosed) return new ToolCallError('not-connected', `the connection closed during the ${what}`);
    if (error.code === SdkErrorCode.InputRequiredRoundsExceeded) {
      return new ToolCallError('protocol', `the server kept asking for more input: gave up after ${error.message.match(/\d+/)?.[0] ?? 'too many'} rounds`);
    }
  }
  // What the sign-in policy did not answer (no terminal, --sign-in never, "not now").
  if (error instanceof InsufficientScopeError) {
    const scope = error.requiredScope ? ` (scope ${sanitizeLine(error.requiredScope)})` : '';
    return new ToolCallError('needs-sign-in', `the server needs more permission for this ${what}${scope}: sign in again for it`);
  }
  if (error instanceof UnauthorizedError) return new ToolCallError('needs-sign-in', `the server refused the ${what}: it needs you to sign in`);
  if (error instanceof SamplingDeclined) {
    return new ToolCallError('declined', `the ${what} ended: you declined the server's sampling request, and a 2026-07-28 server cannot be told so (the ${what} was not sent again)`);
  }
  if (error instanceof ProtocolError) {
    if (error.code === ProtocolErrorCode.UrlElicitationRequired) {
      const pages = parseUrlElicitations(error.data);
      const details = pages.map((p) => `${p.message ? `${p.message} ` : ''}${p.url} (${p.domain})`);
      // A v1 server puts "MCP error -32042:" into the message itself.
      const said = error.message.replace(/^(MCP error -?\d+: )+/, '');
      return new ToolCallError('url-elicitation-required', `the server needs a page visited first, then call again: ${said}`, details, pages);
    }
    // The server's own words (a -32000 from a server is its error, not a closed connection).
    return new ToolCallError('protocol', `the server refused the ${what}: ${error.message.replace(/^(MCP error -?\d+: )+/, '')} (error ${error.code})`, [], [], error.code);
  }
  if (httpStatus(error) === 404) return new ToolCallError('session-expired', 'the server no longer knows this session (HTTP 404)');
  return new ToolCallError('protocol', (error as Error).message ?? String(error));
}

/**
 * The call's deadline: `ms` without progress, paused while `hold` holds (a person is
 * answering the server's question), restarted in full when it ends. The SDK's timer
 * cannot pause, so the SDK gets none and this one aborts the request instead.
 */
export class IdleTimer {
  private timer?: NodeJS.Timeout;
  private readonly unsubscribe?: () => void;
  private stopped = false;

  constructor(
    private readonly ms: number,
    private readonly hold: CallHold | undefined,
    private readonly onExpire: () => void,
  ) {
    let held = hold?.held() ?? false;
    this.unsubscribe = hold?.subscribe(() => {
      const now = hold.held();
      if (now === held) return;
      held = now;
      if (held) this.clear();
      else this.arm();
    });
    if (!held) this.arm();
  }

  /** Progress came: the full period starts again (unless held). */
  touch(): void {
    if (this.timer) this.arm();
  }

  stop(): void {
    this.stopped = true;
    this.clear();
    this.unsubscribe?.();
  }

  private arm(): void {
    this.clear();
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.hold?.held()) this.onExpire();
    }, Math.min(this.ms, NO_SDK_TIMEOUT));
  }

  private clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
