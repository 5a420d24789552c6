import type { Deck } from '../deck.js';
import { ToolCallError, type CallOutcome } from '../mcp/call.js';
import { declaredDestructive, type ToolInfo } from '../servers/tools.js';
import { fuzzCases, type FuzzCase } from './fuzz-cases.js';
import { loadValidator } from '../schema/validator.js';
import { countOf } from '../../util/text.js';

/** What a server author must fix. */
export type FindingKind = 'crash' | 'hang' | 'protocol-error' | 'invalid-result' | 'output-schema' | 'invalid-json-rpc';

interface Finding {
  kind: FindingKind;
  tool: string;
  /** The arguments of the first call that showed it (send them again to see it). */
  arguments: Record<string, unknown>;
  /** Whether the input schema allows those arguments. */
  valid: boolean;
  /** What the arguments were, in a few words. */
  case: string;
  message: string;
  /** How many calls showed it. */
  times: number;
}

interface ToolRun {
  name: string;
  calls: number;
  /** Calls still sending progress when the per-call timeout passed: stopped (cancelled), not a finding. */
  slow?: number;
  /** Why it was not fuzzed, or stopped early. */
  note?: string;
}

export interface FuzzReport {
  server: string;
  seed: number;
  tools: ToolRun[];
  findings: Finding[];
  calls: number;
  elapsedMs: number;
  /** What ended the run before every tool had its count: the time budget, a cancel, or a server that did not come back. */
  cutShort?: string;
}

export interface FuzzOptions {
  seed: number;
  /** Calls per tool at most. */
  count: number;
  /** The whole run's time, shared out between the tools still to go. */
  timeBudgetMs: number;
  /**
   * A call with no result or progress for this long is a hang (the core call's timeout,
   * which restarts on progress). One still sending progress when this much time has
   * passed since it was sent is slow, not hung: it is cancelled and counted as slow.
   */
  callTimeoutMs: number;
  /** Only these tools; a destructive tool is fuzzed only when named here. */
  tools?: string[];
  signal?: AbortSignal;
  /** After each call, for a progress line. */
  onCall?: (tool: string, calls: number) => void;
  /** As each tool's calls begin. */
  onTool?: (tool: string) => void;
  now?: () => number;
}

/** A run that cannot start: the server is not connected, or a tool named is not one of its. */
export class FuzzSetupError extends Error {}

export type FuzzDeck = Pick<Deck, 'callTool' | 'server' | 'reconnect' | 'events'>;

/** The tools a run calls and those it leaves out, with why; throws for a name the server does not have. */
function pickTools(all: readonly ToolInfo[], named: readonly string[] | undefined): { tools: ToolInfo[]; skipped: ToolRun[] } {
  if (named?.length) {
    const missing = named.filter((n) => !all.some((t) => t.name === n || t.qualifiedName === n));
    if (missing.length) throw new FuzzSetupError(`no tool named ${missing.map((m) => `"${m}"`).join(', ')}; it has ${all.map((t) => t.name).join(', ') || 'none'}`);
    return { tools: all.filter((t) => named.includes(t.name) || named.includes(t.qualifiedName)), skipped: [] };
  }
  const skipped = all.filter(declaredDestructive).map((t) => ({ name: t.name, calls: 0, note: 'skipped: declared destructive (name it to fuzz it)' }));
  return { tools: all.filter((t) => !declaredDestructive(t)), skipped };
}

/**
 * Calls each tool with generated arguments (fuzz-cases.ts) through the deck and sorts
 * out what went wrong on the server's side: the process exiting (it is reconnected and
 * the run goes on), no answer within the timeout, a JSON-RPC error where a tool error
 * (isError) belongs, a result the SDK cannot read or that fails the output schema, and
 * anything on the wire that is not JSON-RPC. A tool error is a tool doing its job.
 */
export async function fuzzServer(deck: FuzzDeck, server: string, options: FuzzOptions): Promise<FuzzReport> {
  const now = options.now ?? Date.now;
  const started = now();
  const deadline = started + options.timeBudgetMs;
  const state = deck.server(server);
  if (!state || state.status !== 'connected') throw new FuzzSetupError(`${server} is not connected`);
  const { tools, skipped } = pickTools(state.tools, options.tools);
  const report: FuzzReport = { server, seed: options.seed, tools: [], findings: [], calls: 0, elapsedMs: 0 };
  const found = (tool: string, c: FuzzCase, kind: FindingKind, message: string) => {
    const same = report.findings.find((f) => f.tool === tool && f.kind === kind);
    if (same) same.times++;
    else report.findings.push({ kind, tool, arguments: c.args, valid: c.valid, case: c.label, message, times: 1 });
  };
  let current: { tool: string; case: FuzzCase } | undefined;
  const offUnreadable = deck.events.on('unreadable', ({ name, text }) => {
    if (name === server && current) found(current.tool, current.case, 'invalid-json-rpc', `sent something that is not a JSON-RPC message: ${text.slice(0, 200)}`);
  });
  try {
    for (const [index, tool] of tools.entries()) {
      const run: ToolRun = { name: tool.name, calls: 0 };
      report.tools.push(run);
      if (options.signal?.aborted) return cut(report, 'cancelled', run);
      // Each tool gets an even share of the time left.
      const share = (deadline - now()) / (tools.length - index);
      if (share <= 0) return cut(report, 'the time budget ran out', run);
      options.onTool?.(tool.name);
      const stop = await fuzzTool(deck, server, tool, options, now() + share, run, (c) => (current = { tool: tool.name, case: c }), found);
      report.calls += run.calls;
      current = undefined;
      if (stop) return cut(report, stop, run);
    }
    report.tools.push(...skipped);
    return report;
  } finally {
    offUnreadable();
    report.elapsedMs = now() - started;
  }
}

function cut(report: FuzzReport, why: string, run: ToolRun): FuzzReport {
  report.cutShort = why;
  run.note ??= `stopped: ${why}`;
  return report;
}

/** JSON-RPC -32021 (2026-07-28): the request needs a client capability the client did not declare. */
const MISSING_CLIENT_CAPABILITY = -32021;

type Found = (tool: string, c: FuzzCase, kind: FindingKind, message: string) => void;

/** One tool's calls; returns why the whole run must stop, if it must. */
async function fuzzTool(deck: FuzzDeck, server: string, tool: ToolInfo, options: FuzzOptions, until: number, run: ToolRun, start: (c: FuzzCase) => void, found: Found): Promise<string | undefined> {
  // Each case is marked valid or not by the tool's schema.
  await loadValidator();
  const cases = fuzzCases(tool.inputSchema as Record<string, unknown>, options.seed);
  const now = options.now ?? Date.now;
  while (run.calls < options.count) {
    if (options.signal?.aborted) return 'cancelled';
    if (now() >= until) return void (run.note = `stopped after ${countOf(run.calls, 'call')}: its share of the time budget ran out`);
    const c = cases.next().value as FuzzCase;
    start(c);
    const budget = new AbortController();
    const timer = setTimeout(() => budget.abort(), Math.max(0, until - now()));
    const onAbort = () => budget.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    // Progress restarts the core call's timeout, so a call that keeps reporting it never
    // times out there: it is stopped here once the timeout has passed since it was sent.
    // A call silent that long is stopped by the core call's own timeout instead (a hang).
    let progressed = false;
    let slow = false;
    const cap = setTimeout(() => {
      if (!progressed) return;
      slow = true;
      budget.abort();
    }, options.callTimeoutMs);
    let outcome: CallOutcome | undefined;
    let error: unknown;
    try {
      outcome = await deck.callTool(server, tool.name, c.args, { timeout: options.callTimeoutMs, signal: budget.signal, validate: false, onProgress: () => (progressed = true) });
    } catch (e) {
      error = e;
    } finally {
      clearTimeout(timer);
      clearTimeout(cap);
      options.signal?.removeEventListener('abort', onAbort);
    }
    run.calls++;
    options.onCall?.(tool.name, run.calls);
    if (outcome) {
      if (outcome.output && !outcome.output.valid && !outcome.output.unchecked) found(tool.name, c, 'output-schema', `the structured content fails the output schema: ${outcome.output.errors.join('; ')}`);
      continue;
    }
    const e = error instanceof ToolCallError ? error : new ToolCallError('protocol', String((error as Error)?.message ?? error));
    if (e.kind === 'cancelled' && slow && !options.signal?.aborted) {
      run.slow = (run.slow ?? 0) + 1;
      continue;
    }
    if (e.kind === 'cancelled') return options.signal?.aborted ? 'cancelled' : void (run.note = `stopped after ${countOf(run.calls, 'call')}: its share of the time budget ran out`);
    if (e.kind === 'not-connected' || e.kind === 'timeout') {
      const crashed = e.kind === 'not-connected';
      const why = crashed ? deck.server(server)?.error ?? e.message : `no answer and no progress for ${options.callTimeoutMs / 1000} s`;
      found(tool.name, c, crashed ? 'crash' : 'hang', crashed ? `the server went away: ${why}` : `the call hung: ${why}`);
      // A fresh process (or session) for the next calls: a hung server may be stuck for good.
      await deck.reconnect(server);
      if (deck.server(server)?.status !== 'connected') return `${server} did not come back: ${deck.server(server)?.error ?? 'not connected'}`;
      continue;
    }
    // The tool needs something of the client mcpdeck did not declare (roots it was not given): not the server's fault.
    if (e.code === MISSING_CLIENT_CAPABILITY) return void (run.note = `stopped after ${countOf(run.calls, 'call')}: ${e.message}`);
    if (e.kind === 'protocol' && e.code !== undefined) {
      // Invalid params for arguments the schema does not allow is what JSON-RPC says to send.
      if (e.code === -32602 && !c.valid) continue;
      const what = e.code === -32602 ? 'refused arguments its input schema allows' : 'answered with a JSON-RPC error where a tool error (a result with isError: true) belongs';
      found(tool.name, c, 'protocol-error', `${what}: ${e.message}`);
      continue;
    }
    if (e.kind === 'protocol') {
      found(tool.name, c, 'invalid-result', `sent a result mcpdeck cannot read: ${e.message}`);
      continue;
    }
    if (e.kind === 'session-expired') {
      await deck.reconnect(server);
      continue;
    }
    // A page to visit, a sign-in, a tool gone: nothing more to learn from this tool now.
    run.note = `stopped after ${countOf(run.calls, 'call')}: ${e.message}`;
    return e.kind === 'needs-sign-in' ? e.message : undefined;
  }
  return undefined;
}
