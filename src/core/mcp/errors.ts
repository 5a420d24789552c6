import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { ServerConfig } from '../config/types.js';
import type { ProcessExit } from './stdio-transport.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { truncate } from '../../util/text.js';

/** A connection failure whose message is already fit for a person. */
export class ConnectError extends Error {
  constructor(
    message: string,
    readonly needsAuth = false,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
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
  const err = error as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  if (config.type === 'stdio') {
    if (err.code === 'ENOENT' && err.syscall?.startsWith('spawn')) return new ConnectError(`command not found on PATH: ${config.command}`);
    if (err.code === 'EACCES') return new ConnectError(`command is not executable: ${config.command}`);
    if (ctx.exit) return new ConnectError(withStderr(exitText(ctx.exit), ctx.stderrTail));
  }
  const status = httpStatus(error);
  if (status !== undefined && (config.type === 'http' || config.type === 'sse')) {
    if (status === 401 || status === 403) return new ConnectError(`${config.url} answered HTTP ${status}: sign-in required`, true, status);
    const body = bodySnippet(err.message);
    return new ConnectError(`${config.url} answered HTTP ${status}${body ? `: ${body}` : ''}`, false, status);
  }
  const cause = err.cause ?? err;
  if (config.type === 'http' || config.type === 'sse') {
    if (cause.code === 'ECONNREFUSED') return new ConnectError(`nothing is listening at ${config.url} (connection refused)`);
    if (cause.code === 'ENOTFOUND' || cause.code === 'EAI_AGAIN') return new ConnectError(`host not found: ${new URL(config.url).host}`);
    if (/content type/i.test(err.message)) return new ConnectError(`${config.url} did not answer as an MCP server: ${sanitizeLine(err.message)}`);
  }
  const version = /protocol version is not supported: (.*)$/.exec(err.message ?? '');
  if (version) {
    return new ConnectError(`the server wants MCP protocol version ${sanitizeLine(version[1] ?? '?')}; mcpdeck speaks ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}`);
  }
  if (ctx.timedOut) {
    let message = `no answer to initialize within ${ctx.timedOut / 1000} s (raise "timeout" in the config if it is just slow)`;
    const noise = ctx.stdoutNoise.at(-1);
    if (noise) message += `; it printed non-protocol text on stdout: "${truncate(sanitizeLine(noise), 80)}"`;
    return new ConnectError(withStderr(message, ctx.stderrTail));
  }
  return new ConnectError(withStderr(sanitizeLine(err.message ?? String(error)), ctx.stderrTail));
}

export function exitText(exit: ProcessExit): string {
  return exit.signal ? `the server process was killed by ${exit.signal}` : `the server process exited with code ${exit.code}`;
}

function withStderr(message: string, tail: string[]): string {
  const last = tail.slice(-3).map(sanitizeLine).filter(Boolean);
  return last.length ? `${message}; stderr: ${last.join(' | ')}` : message;
}

export function httpStatus(error: unknown): number | undefined {
  if (error instanceof StreamableHTTPError || error instanceof SseError) {
    return typeof error.code === 'number' && error.code > 0 ? error.code : undefined;
  }
  return undefined;
}

/** The interesting part of an error body: HTML tags stripped, one short line. */
function bodySnippet(message: string): string {
  const body = message.replace(/^.*?(HTTP \d+\)?:|endpoint:|stream:)\s*/i, '').replace(/<[^>]*>/g, ' ');
  return truncate(sanitizeLine(body).replace(/\s+/g, ' ').trim(), 120);
}
