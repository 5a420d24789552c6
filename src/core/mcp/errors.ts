import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import type { HttpConfig, ServerConfig, SseConfig } from '../config/types.js';
import { offered } from './protocol.js';
import { maskUrls } from '../config/redact.js';
import { isRecord } from '../../util/is-record.js';
import type { ProcessExit } from './stdio-transport.js';
import { bodyExcerpt, sanitizeLine } from '../../util/sanitize.js';
import { formatDuration, truncate } from '../../util/text.js';

/** A connection failure whose message is already fit for a person. */
export class ConnectError extends Error {
  constructor(
    message: string,
    readonly needsAuth = false,
    readonly httpStatus?: number,
  ) {
    super(message);
  }

  /** Set when the server process had exited on its own: a crash, worth a restart. */
  exit?: ProcessExit;
  /** The HTTP error carried a JSON-RPC error: the server understood us and refused, so no other transport is tried. */
  rpcError?: boolean;
  /** A stdio server that exited without having sent a single message. */
  exitedBeforeAnswer?: boolean;
  /** The process never started (no such command): there is no exit to report, and no restart will help. */
  notStarted?: boolean;
}

function notStarted(message: string): ConnectError {
  const error = new ConnectError(message);
  error.notStarted = true;
  return error;
}

export interface FailureContext {
  config: ServerConfig;
  exit?: ProcessExit;
  stderrTail: string[];
  stdoutNoise: string[];
  timedOut?: number;
}

/**
 * Turns whatever a connect attempt threw into a reason a person can act on. URLs in it
 * are masked (query secrets, user info), as `mcpdeck get` masks them: a reason goes to
 * the screen, to JSON output and into logs.
 */
export function explainConnectError(error: unknown, ctx: FailureContext): ConnectError {
  const reason = explain(error, ctx);
  const masked = maskUrls(reason.message);
  if (masked !== reason.message) reason.message = masked;
  return reason;
}

/**
 * Why spawn found nothing to run: a bare name is looked up on PATH; a path (absolute,
 * or relative to the server's folder) names a file, which is not there, or a folder to
 * run in, which is not there.
 */
function commandNotFound(command: string, cwd: string | undefined): string {
  if (cwd && !existsSync(cwd)) return `the working folder does not exist: ${cwd}`;
  if (!/[/\\]/.test(command)) return `command not found on PATH: ${command}`;
  const file = resolve(cwd ?? process.cwd(), command);
  return existsSync(file) ? `could not start ${command} (the interpreter its #! line names may be missing)` : `the file does not exist: ${file}`;
}

function explain(error: unknown, ctx: FailureContext): ConnectError {
  if (error instanceof ConnectError) return error;
  // The era probe wraps what went wrong underneath (a refused connection, a bad port): say that.
  const wrapped = (error as { cause?: unknown } | undefined)?.cause;
  if (error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed && wrapped instanceof Error) return explain(wrapped, ctx);
  const { config } = ctx;
  const err = (error ?? {}) as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const message = String(err.message ?? error);
  if (config.type === 'stdio') {
    if (err.code === 'ENOENT' && err.syscall?.startsWith('spawn')) return notStarted(commandNotFound(config.command, config.cwd));
    if (err.code === 'EACCES') return notStarted(`command is not executable: ${config.command}`);
  }
  // The specific reasons come before the exit code: a failed connect closes the
  // session, so a server that was still running has exited by now, because we ended it.
  const mismatch = versionMismatch(error, config);
  if (mismatch) return mismatch;
  if (ctx.timedOut) return new ConnectError(withStderr(timeoutText(ctx.timedOut, ctx.stdoutNoise), ctx.stderrTail));
  if (config.type === 'stdio' && ctx.exit && exitIsTheReason(error)) return new ConnectError(withStderr(exitText(ctx.exit), ctx.stderrTail));
  const status = httpStatus(error);
  if (status !== undefined && (config.type === 'http' || config.type === 'sse')) {
    if (status === 401 || status === 403) return new ConnectError(`${config.url} answered HTTP ${status}: sign-in required`, true, status);
    // An SSE endpoint that answers 200 with a web page instead of an event stream.
    if (status >= 200 && status < 300) return new ConnectError(notMcpText(config.url, message), false, status);
    const rpc = rpcErrorOf(error);
    if (rpc) {
      const refused = new ConnectError(`${config.url} answered HTTP ${status} with error ${rpc.code}: ${truncate(sanitizeLine(rpc.message), 200)}`, false, status);
      refused.rpcError = true;
      return refused;
    }
    const text = error instanceof SdkHttpError && isRecord(error.data) && typeof error.data.text === 'string' ? error.data.text : undefined;
    const body = (error as Error).constructor?.name === 'SseError' ? '' : text !== undefined ? bodySnippet(text, false) : bodySnippet(message);
    return new ConnectError(`${config.url} answered HTTP ${status}${body ? `: ${body}` : ''}${notFoundHint(config, status)}`, false, status);
  }
  const cause = err.cause ?? err;
  if (config.type === 'http' || config.type === 'sse') {
    // The SSE transport flattens the fetch error into its message: look there too.
    if (cause.code === 'ECONNREFUSED' || /\bECONNREFUSED\b/.test(message)) return new ConnectError(`nothing is listening at ${config.url} (connection refused)`);
    if (cause.code === 'ENOTFOUND' || cause.code === 'EAI_AGAIN' || /\b(ENOTFOUND|EAI_AGAIN)\b/.test(message)) {
      return new ConnectError(`host not found: ${new URL(config.url).host}`);
    }
    if (/content type/i.test(message)) return new ConnectError(notMcpText(config.url, message));
  }
  // The server answered initialize with a JSON-RPC error: it refused us, and said why.
  if (error instanceof ProtocolError) {
    return new ConnectError(withStderr(`the server refused to initialize: ${truncate(sanitizeLine(message), 200)} (error ${error.code})`, ctx.stderrTail));
  }
  const issues = schemaIssues(error);
  if (issues) {
    const detail = issues.slice(0, 3).map((i) => `${i.path.map(String).join('.') || '(result)'}: ${i.message}`).join('; ');
    return new ConnectError(withStderr(`the server's answer to initialize is not a valid MCP initialize result (${truncate(sanitizeLine(detail), 160)})`, ctx.stderrTail));
  }
  // Whatever else: keep the cause (fetch says only "fetch failed") and name the URL.
  const because = err.cause?.message && !message.includes(err.cause.message) ? `${message}: ${err.cause.message}` : message;
  const where = config.type === 'http' || config.type === 'sse' ? `${config.url}: ` : '';
  return new ConnectError(withStderr(sanitizeLine(where + because), ctx.stderrTail));
}

/**
 * What a 404 or 405 may mean. A URL ending in /sse that refused Streamable HTTP's POST,
 * where the type was set to http, most likely speaks the older SSE transport; naming
 * /sse as the usual ending would send the person back to the URL they gave.
 */
function notFoundHint(config: HttpConfig | SseConfig, status: number): string {
  if (status !== 404 && status !== 405) return '';
  const endsInSse = /\/sse\/?$/.test(new URL(config.url).pathname);
  if (config.type === 'http' && !config.typeAssumed && endsInSse) {
    return '; the server may speak the older HTTP+SSE transport: set "type": "sse" in its entry (or give --transport sse)';
  }
  return endsInSse ? '; check the URL' : '; check the URL (MCP endpoints often end in /mcp or /sse)';
}

/**
 * Whether a process exit explains the error: yes when the error is the connection
 * closing (or a write to a dead pipe), no when the server answered something we
 * refused (an MCP error, a malformed result) and the exit is only our closing it.
 */
function exitIsTheReason(error: unknown): boolean {
  if (error instanceof ProtocolError) return false;
  return !schemaIssues(error);
}

/**
 * The two sides speak no revision in common: said as that, with what each speaks, never
 * as a wrong URL. It arrives as -32022 in-band (stdio, or a modern exchange), inside an
 * HTTP 400 body (a 2026-only server refusing `initialize`), as a failed negotiation (a
 * pinned 2026 client meeting a 2025 server), or as an `initialize` answer naming a
 * revision we do not speak.
 */
function versionMismatch(error: unknown, config: ServerConfig): ConnectError | undefined {
  const rpc = error instanceof ProtocolError ? { code: error.code, message: error.message, data: error.data } : rpcErrorOf(error);
  const ours = offered(config);
  const fix = config.protocol ? `; change "protocol" (now "${config.protocol}") or remove it to let mcpdeck choose` : '';
  if (rpc?.code === ProtocolErrorCode.UnsupportedProtocolVersion) {
    const supported = isRecord(rpc.data) && Array.isArray(rpc.data.supported) ? rpc.data.supported.map(String) : [];
    const theirs = supported.length ? `it speaks ${sanitizeLine(supported.join(', '))}` : `it said: ${truncate(sanitizeLine(rpc.message), 120)}`;
    return new ConnectError(`the server does not speak the MCP revision mcpdeck offered (${ours}): ${theirs}${fix}`);
  }
  const message = String((error as Error | undefined)?.message ?? '');
  const named = /protocol version is not supported: (.*)$/.exec(message);
  if (named) return new ConnectError(`the server wants MCP protocol version ${sanitizeLine(named[1] ?? '?')}; mcpdeck speaks ${ours}${fix}`);
  if (error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed && !/HTTP \d|probe failed|closed/.test(message)) {
    return new ConnectError(`the server does not speak the MCP revision mcpdeck offered (${ours}): ${truncate(sanitizeLine(message), 160)}${fix}`);
  }
  return undefined;
}

/** A JSON-RPC error inside an HTTP error body (the v2 transport keeps the body text). */
function rpcErrorOf(error: unknown): { code: number; message: string; data?: unknown } | undefined {
  if (!(error instanceof SdkHttpError)) return undefined;
  const text = isRecord(error.data) ? error.data.text : undefined;
  if (typeof text !== 'string') return undefined;
  try {
    const body = JSON.parse(text) as unknown;
    const rpc = isRecord(body) && isRecord(body.error) ? body.error : undefined;
    return rpc && typeof rpc.code === 'number' ? { code: rpc.code, message: String(rpc.message ?? ''), data: rpc.data } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An answer the SDK could not read as a JSON-RPC response, in words: its zod issues,
 * dumped as JSON, say nothing to a person. Over HTTP a `result` that is no object (older
 * servers answer tools/list with a bare array) fails that way; over stdio misshapen.ts says it.
 */
function unreadableAnswer(error: unknown): string | undefined {
  type Issue = { path?: PropertyKey[]; message?: string; errors?: Issue[][] };
  const all = (issues: Issue[]): Issue[] => issues.flatMap((i) => [i, ...(i.errors ?? []).flatMap(all)]);
  const issues = schemaIssues(error);
  const bare = issues && all(issues as Issue[]).find((i) => i.path?.at(-1) === 'result' && /received (array|string|number|boolean|null)/.test(i.message ?? ''));
  const received = bare && /received (\w+)/.exec(bare.message ?? '')?.[1];
  if (!received) return undefined;
  const what = received === 'array' ? 'a bare JSON array' : `a bare ${received}`;
  return `the server answered with ${what} where a result object belongs (an MCP result is an object, such as { "tools": [...] } for tools/list)`;
}

/** The issues of a zod validation error (the SDK's result parsing), whatever zod version made it. */
function schemaIssues(error: unknown): { path: PropertyKey[]; message: string }[] | undefined {
  const issues = (error as { issues?: unknown } | null)?.issues;
  if (error instanceof Error && /ZodError$/.test(error.name) && Array.isArray(issues)) return issues as { path: PropertyKey[]; message: string }[];
  // The v2 SDK says "Invalid result for initialize: <the issues as JSON>".
  if (!(error instanceof SdkError) || error.code !== SdkErrorCode.InvalidResult) return undefined;
  try {
    const parsed = JSON.parse(error.message.replace(/^[^[]*/, '')) as unknown;
    return Array.isArray(parsed) ? (parsed as { path: PropertyKey[]; message: string }[]) : undefined;
  } catch {
    return undefined;
  }
}

function timeoutText(ms: number, stdoutNoise: string[]): string {
  const within = `no answer to initialize within ${ms / 1000} s`;
  const noise = stdoutNoise.at(-1);
  if (!noise) return `${within} (raise "timeout" in the config if it is just slow)`;
  return `${within}; it printed non-protocol text on stdout: "${truncate(sanitizeLine(noise), 80)}" ` +
    '(an MCP stdio server must write only JSON-RPC on stdout, logs go to stderr; is this the right command?)';
}

function notMcpText(url: string, message: string): string {
  const type = /content type: (.*?)\)?$/i.exec(message)?.[1]?.trim();
  const what = type ? `it answered with ${truncate(sanitizeLine(type), 60)}` : 'it did not answer with an event stream';
  return `${url} did not answer as an MCP server: ${what} instead of JSON or an event stream; check the URL`;
}

/** Why listing failed after a good initialize; a timeout says how to allow more time. */
export function listingFailure(error: unknown, timeout: number): string {
  const method = error instanceof ListRequestError ? error.method : undefined;
  const cause = error instanceof ListRequestError ? error.cause : error;
  const timedOut = cause instanceof SdkError && cause.code === SdkErrorCode.RequestTimeout;
  const message = unreadableAnswer(cause) ?? maskUrls(String((cause as Error).message ?? cause));
  const why = timedOut ? `no answer to ${method ?? 'a list request'} within ${formatDuration(timeout)} (raise "timeout" in the config if it is just slow)` : method ? `${method}: ${message}` : message;
  return `connected, but listing failed: ${why}`;
}

/** A list request that failed, and which one it was: a person needs to know what did not answer. */
export class ListRequestError extends Error {
  constructor(
    readonly method: string,
    override readonly cause: unknown,
  ) {
    super(`${method}: ${(cause as Error).message ?? String(cause)}`);
  }
}

function exitText(exit: ProcessExit): string {
  return exit.signal ? `the server process was killed by ${exit.signal}` : `the server process exited with code ${exit.code}`;
}

/**
 * Lines of a crash that say nothing on their own: Node's closing version line, a stack
 * frame, and the braces and carets around an error object. Without them the last lines
 * are the error itself (`Error: Cannot find module ...`), not `} | Node.js v20`.
 */
const STDERR_NOISE = /^(Node\.js v\d[\w.-]*|\s+at .*|[\s{}[\]()^~]*)$/;

function withStderr(message: string, tail: string[]): string {
  const last = tail.filter((line) => !STDERR_NOISE.test(line)).slice(-3).map(sanitizeLine).filter(Boolean);
  return last.length ? `${message}; stderr: ${last.join(' | ')}` : message;
}

export function httpStatus(error: unknown): number | undefined {
  if (error instanceof SdkHttpError) return error.status;
  // The SSE transport still carries the status on a numeric `code`.
  const name = (error as Error | undefined)?.constructor?.name;
  const code = (error as { code?: unknown } | undefined)?.code;
  return name === 'SseError' && typeof code === 'number' && code > 0 ? code : undefined;
}

/** The interesting part of an error body (after the SDK's "HTTP 404:" when `prefixed`): one short line. */
function bodySnippet(message: string, prefixed = true): string {
  return bodyExcerpt(prefixed ? message.replace(/^.*?(HTTP \d+\)?:|endpoint:|stream:)\s*/i, '') : message);
}
