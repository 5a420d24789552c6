import type { Command } from 'commander';
import { Option } from 'commander';
import type { Deck } from '../core/deck.js';
import { isRequestFailure, requestError, type CallErrorKind } from '../core/mcp/call.js';
import type { LoggingLevel } from '../core/mcp/types.js';
import { LOG_LEVELS, type LogEntry } from '../core/servers/log-messages.js';
import type { ServerState } from '../core/servers/state.js';
import type { ListKind } from '../core/servers/lists.js';
import { terminalJson } from '../util/json.js';
import { sanitize } from '../util/sanitize.js';
import { Exit, UserError } from './exit-codes.js';
import { connectOne, isAdhoc, openDeck, pickServer, withTarget, type Invocation, type TargetOptions } from './target.js';
import { collect } from './options.js';
import { onInterrupt } from './session/context.js';

/** The options every command that sends a request shares. */
export interface RequestCommandOptions extends TargetOptions {
  json?: boolean;
  meta?: string[];
  logLevel?: LoggingLevel;
  timeout?: string;
}

/** What a failed request means for the exit code. */
const EXIT_FOR: Record<CallErrorKind, number> = {
  'bad-arguments': Exit.badInput,
  'unknown-tool': Exit.badInput,
  'not-connected': Exit.connection,
  cancelled: Exit.interrupted,
  timeout: Exit.protocol,
  protocol: Exit.protocol,
  // Like a sign-in: the person must do something in a browser before the call can work.
  'url-elicitation-required': Exit.needsAuth,
  // Only when the retry on a new session failed too.
  'session-expired': Exit.connection,
  'needs-sign-in': Exit.needsAuth,
  // A task ends failed on a JSON-RPC error while it ran: the server refused it, late.
  'task-failed': Exit.protocol,
  // As a 2025 server's error result for the same decline.
  declined: Exit.toolError,
};

/** --meta and --log-level: for every command that sends a request (call too). */
export function withRequestMeta(command: Command): Command {
  return command
    .option('--meta <key=value>', 'add to the request\'s _meta (repeatable); a value that parses as JSON is sent as that JSON, else as a string', collect)
    .addOption(new Option('--log-level <level>', "the server's log level for this command (2025: logging/setLevel first; 2026-07-28: sent with each request)").choices(LOG_LEVELS));
}

/** The target options, --json, --meta, --log-level and --timeout. */
export function withRequest(command: Command): Command {
  return withRequestMeta(withTarget(command))
    .option('--json', 'print JSON')
    .option('--timeout <seconds>', 'give up after this long without an answer (default 60)');
}

/** `--meta k=v ...` as request `_meta`: JSON values where they parse (7, true, {"a":1}), strings otherwise. */
function parseMeta(values: string[] | undefined): Record<string, unknown> | undefined {
  if (!values?.length) return undefined;
  const meta: Record<string, unknown> = {};
  for (const value of values) {
    const at = value.indexOf('=');
    if (at <= 0) throw new UserError(`--meta "${value}" must look like key=value`);
    const text = value.slice(at + 1);
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: the text itself.
    }
    meta[value.slice(0, at).trim()] = parsed;
  }
  return meta;
}

function timeoutOf(options: RequestCommandOptions): number | undefined {
  if (options.timeout === undefined) return undefined;
  const seconds = Number(options.timeout);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new UserError(`--timeout "${options.timeout}" must be a number of seconds above 0`);
  return seconds * 1000;
}

/** A log message as one stderr line: `[warning] logger: text`, sanitized. */
function logLine(entry: LogEntry): string {
  const data = typeof entry.data === 'string' ? entry.data : terminalJson(entry.data);
  return sanitize(`[${entry.level}] ${entry.logger ? `${entry.logger}: ` : ''}${data}`);
}

/**
 * Writes each log message `name` sends from now on to stderr with its level; returns
 * the function that stops it. Messages arrive in the server's state (the deck's Log tab).
 */
function echoLogs(deck: Deck, name: string): () => void {
  let last = deck.server(name)?.logs.at(-1)?.seq ?? -1;
  return deck.subscribe(() => {
    for (const entry of deck.server(name)?.logs ?? []) {
      if (entry.seq <= last) continue;
      last = entry.seq;
      process.stderr.write(`${logLine(entry)}\n`);
    }
  });
}

/** What a request command gets: the connected server, and what goes with every request. */
export interface RequestContext {
  deck: Deck;
  name: string;
  state: ServerState;
  /** Request options for the Deck: --meta, --timeout, and Ctrl-C. */
  send: { meta?: Record<string, unknown>; timeout?: number; signal: AbortSignal };
  json: boolean;
}

/**
 * Connects the one server a command is about (configured, or ad hoc), echoes its log
 * messages to stderr, sets --log-level, runs `fn`, and turns a failed request into
 * the documented exit code. Ctrl-C cancels the request (the server is told).
 */
export async function onServer(
  options: RequestCommandOptions,
  inv: Invocation,
  server: string | undefined,
  lists: ListKind[],
  fn: (ctx: RequestContext) => Promise<number>,
): Promise<number> {
  const adhoc = isAdhoc(options, inv);
  const meta = parseMeta(options.meta);
  const timeout = timeoutOf(options);
  const deck = await openDeck(options, inv, { only: adhoc || !server ? undefined : [server], lists });
  const abort = new AbortController();
  const stopListening = onInterrupt(() => abort.abort());
  let stopLogs = () => {};
  try {
    const name = pickServer(deck, server, adhoc);
    stopLogs = echoLogs(deck, name);
    const state = await connectOne(deck, name);
    if (options.logLevel) await deck.setLogLevel(name, options.logLevel, { signal: abort.signal, ...(timeout && { timeout }) });
    return await fn({ deck, name, state, send: { ...(meta && { meta }), ...(timeout && { timeout }), signal: abort.signal }, json: Boolean(options.json) });
  } catch (error) {
    if (error instanceof UserError) throw error;
    // A question the options could not answer was said as it failed; a 2026 call fails with
    // that same reason (a 2025 server reports it in its result): said once, as bad input.
    if (saidAlready(deck, error)) return Exit.badInput;
    if (abort.signal.aborted || isRequestFailure(error)) {
      const failed = requestError(error, abort.signal);
      throw new UserError(failed.message, EXIT_FOR[failed.kind]);
    }
    throw error;
  } finally {
    stopLogs();
    stopListening();
    await deck.close();
  }
}

/** The server does not offer what the command asks for: it would refuse. */
export function requireCapability(ctx: RequestContext, capability: 'resources' | 'prompts' | 'completions' | 'logging', what: string): void {
  if (!ctx.state.capabilities?.[capability]) throw new UserError(`${ctx.name} does not offer ${what}: it declares no "${capability}" capability`, Exit.protocol);
}

/**
 * The server name and the other words of a command: with --url or `-- command` there
 * is no server name, so the first word is already the next argument.
 */
export function splitWords(adhoc: boolean, words: (string | undefined)[]): { server?: string; rest: string[] } {
  const present = words.filter((w): w is string => w !== undefined);
  if (adhoc) return { rest: present };
  const [server, ...rest] = present;
  return { server, rest };
}

export const printJson = (value: unknown) => process.stdout.write(`${terminalJson(value, 2)}\n`);

/** Whether the error only repeats a refusal the answering policy already printed. */
function saidAlready(deck: Deck, error: unknown): boolean {
  const message = (error as Error | undefined)?.message;
  if (!message) return false;
  return deck.requests.getSnapshot().notices.some((n) => n.kind === 'failed' && n.reason !== undefined && message.includes(n.reason));
}
