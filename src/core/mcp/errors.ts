import { ErrorCode, McpError, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { ServerConfig } from '../config/types.js';
import type { ProcessExit } from './stdio-transport.js';
import { sanitizeLine } from '../../util/sanitize.js';
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
}

export interface FailureContext {
  config: ServerConfig;
  exit?: ProcessExit;
  stderrTail: string[];
  stdoutNoise: string[];
  timedOut?: number;
}

/** Turns whatever a connect attempt threw into a reason a person can act on. */
export function explainConnectError(error: unknown, ctx: FailureContext): ConnectError {
  if (error instanceof ConnectError) return error;
  const { config } = ctx;
  const err = (error ?? {}) as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const message = String(err.message ?? error);
  if (config.type === 'stdio') {
    if (err.code === 'ENOENT' && err.syscall?.startsWith('spawn')) return new ConnectError(`command not found on PATH: ${config.command}`);
    if (err.code === 'EACCES') return new ConnectError(`command is not executable: ${config.command}`);
  }
  // The specific reasons come before the exit code: a failed connect closes the
  // session, so a server that was still running has exited by now, because we ended it.
  const version = /protocol version is not supported: (.*)$/.exec(message);
  if (version) {
    return new ConnectError(`the server wants MCP protocol version ${sanitizeLine(version[1] ?? '?')}; mcpdeck speaks ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}`);
  }
  if (ctx.timedOut) return new ConnectError(withStderr(timeoutText(ctx.timedOut, ctx.stdoutNoise), ctx.stderrTail));
  if (config.type === 'stdio' && ctx.exit && exitIsTheReason(error)) return new ConnectError(withStderr(exitText(ctx.exit), ctx.stderrTail));
  const status = httpStatus(error);
  if (status !== undefined && (config.type === 'http' || config.type === 'sse')) {
    if (status === 401 || status === 403) return new ConnectError(`${config.url} answered HTTP ${status}: sign-in required`, true, status);
    // An SSE endpoint that answers 200 with a web page instead of an event stream.
    if (status >= 200 && status < 300) return new ConnectError(notMcpText(config.url, message), false, status);
    const body = (error as Error).constructor?.name === 'SseError' ? '' : bodySnippet(message);
    const hint = status === 404 || status === 405 ? '; check the URL (MCP endpoints often end in /mcp or /sse)' : '';
    return new ConnectError(`${config.url} answered HTTP ${status}${body ? `: ${body}` : ''}${hint}`, false, status);
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
  if (error instanceof McpError && error.code !== ErrorCode.ConnectionClosed && error.code !== ErrorCode.RequestTimeout) {
    const why = sanitizeLine(message.replace(/^MCP error -?\d+:\s*/, ''));
    return new ConnectError(withStderr(`the server refused to initialize: ${truncate(why, 200)} (error ${error.code})`, ctx.stderrTail));
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
 * Whether a process exit explains the error: yes when the error is the connection
 * closing (or a write to a dead pipe), no when the server answered something we
 * refused (an MCP error, a malformed result) and the exit is only our closing it.
 */
function exitIsTheReason(error: unknown): boolean {
  if (error instanceof McpError) return error.code === ErrorCode.ConnectionClosed;
  return !schemaIssues(error);
}

/** The issues of a zod validation error (the SDK's result parsing), whatever zod version made it. */
function schemaIssues(error: unknown): { path: PropertyKey[]; message: string }[] | undefined {
  const issues = (error as { issues?: unknown } | null)?.issues;
  return error instanceof Error && /ZodError$/.test(error.name) && Array.isArray(issues) ? (issues as { path: PropertyKey[]; message: string }[]) : undefined;
}

function timeoutText(ms: number, stdoutNoise: string[]): string {
  const within = `no answer to initialize within ${ms / 1000} s`;
  const noise = stdoutNoise.at(-1);
  if (!noise) return `${within} (raise "timeout" in the config if it is just slow)`;
  return `${within}; it printed non-protocol text on stdout: "${truncate(sanitizeLine(noise), 80)}" ` +
    '(an MCP stdio server must write only JSON-RPC on stdout, logs go to stderr; is this the right command?)';
}

function notMcpText(url: string, message: string): string {
  const type = /content type: (.*)$/i.exec(message)?.[1]?.trim();
  const what = type ? `it answered with ${truncate(sanitizeLine(type), 60)}` : 'it did not answer with an event stream';
  return `${url} did not answer as an MCP server: ${what} instead of JSON or an event stream; check the URL`;
}

/** Why listing failed after a good initialize; a timeout says how to allow more time. */
export function listingFailure(error: unknown, timeout: number): string {
  const timedOut = error instanceof McpError && error.code === ErrorCode.RequestTimeout;
  const why = timedOut ? `no answer to a list request within ${formatDuration(timeout)} (raise "timeout" in the config if it is just slow)` : String((error as Error).message ?? error);
  return `connected, but listing failed: ${why}`;
}

export function exitText(exit: ProcessExit): string {
  return exit.signal ? `the server process was killed by ${exit.signal}` : `the server process exited with code ${exit.code}`;
}

function withStderr(message: string, tail: string[]): string {
  const last = tail.slice(-3).map(sanitizeLine).filter(Boolean);
  return last.length ? `${message}; stderr: ${last.join(' | ')}` : message;
}

export function httpStatus(error: unknown): number | undefined {
  // By name: the HTTP transports are loaded lazily, so their classes may not be at hand.
  const name = (error as Error | undefined)?.constructor?.name;
  const code = (error as { code?: unknown }).code;
  return (name === 'StreamableHTTPError' || name === 'SseError') && typeof code === 'number' && code > 0 ? code : undefined;
}

/** The interesting part of an error body: HTML tags stripped, one short line. */
function bodySnippet(message: string): string {
  const body = message.replace(/^.*?(HTTP \d+\)?:|endpoint:|stream:)\s*/i, '').replace(/<[^>]*>/g, ' ');
  return truncate(sanitizeLine(body).replace(/\s+/g, ' ').trim(), 120);
}
