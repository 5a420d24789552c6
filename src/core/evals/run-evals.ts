import type { Conversation, Decision, ToolTurn } from '../models/conversation.js';
import type { ConversationRequest } from '../models/desk.js';
import { mayDestroy } from '../servers/tools.js';
import type { ResolvedCase } from './eval-file.js';
import { checkRun, toolsMatch, type EvalCall, type EvalFailure } from './expect.js';

/** One case on one model, as it will run: the servers whose tools the model gets, and how many times. */
export interface EvalItem {
  file: string;
  case: ResolvedCase;
  model: string;
  servers: readonly string[];
  runs: number;
}

/** One run of a case. `error`: the model (or the loop) failed before an answer; the expectations were not checked. */
export interface EvalRun {
  /** 1-based. */
  run: number;
  status: 'passed' | 'failed' | 'error';
  failures: EvalFailure[];
  error?: string;
  calls: EvalCall[];
  reply: string | null;
  /** The tools called are the tools expected (undefined: the case names none). */
  toolsMatch?: boolean;
  usage: { input: number; output: number };
  /** Model requests. */
  steps: number;
  ms: number;
}

export interface EvalResult {
  item: EvalItem;
  runs: EvalRun[];
}

export interface RunEvalsOptions {
  /** The Deck's conversations (`deck.models.conversation`). */
  conversation: (request: ConversationRequest) => Conversation;
  signal?: AbortSignal;
  onRun?: (item: EvalItem, run: EvalRun) => void;
}

/** A call that asks first runs when the case says `yes` or names the tool in `allowTools`; else the model is told no, as `ask` does. */
export function casePolicy(c: Pick<ResolvedCase, 'yes' | 'allowTools'>): (turn: ToolTurn) => Decision {
  const allow = new Set(c.allowTools ?? []);
  return (turn) => (c.yes || allow.has(turn.name) || allow.has(turn.tool) || allow.has(`${turn.server}/${turn.tool}`) ? 'once' : 'deny');
}

/**
 * Runs each item its number of times, one run after another (the latencies stay each
 * run's own), each run a new conversation: the message, the model's tool calls through the
 * Deck under the case's rule, then the checks. Stops between runs when aborted.
 */
export async function runEvals(items: readonly EvalItem[], options: RunEvalsOptions): Promise<EvalResult[]> {
  const results: EvalResult[] = [];
  for (const item of items) {
    const result: EvalResult = { item, runs: [] };
    results.push(result);
    for (let n = 1; n <= item.runs; n++) {
      if (options.signal?.aborted) return results;
      const run = await runOnce(item, n, options);
      result.runs.push(run);
      options.onRun?.(item, run);
    }
  }
  return results;
}

async function runOnce(item: EvalItem, n: number, options: RunEvalsOptions): Promise<EvalRun> {
  const c = item.case;
  const conversation = options.conversation({
    servers: item.servers, model: item.model, policy: casePolicy(c),
    ...(c.system !== undefined && { system: c.system }), ...(c.maxSteps !== undefined && { maxSteps: c.maxSteps }),
  });
  await conversation.send(c.message, options.signal);
  const snapshot = conversation.getSnapshot();
  const tools = new Map(conversation.tools.map((t) => [t.name, t.tool]));
  const calls = snapshot.turns.flatMap((t): EvalCall[] => {
    if (t.kind !== 'tool') return [];
    const tool = tools.get(t.name);
    return [{ server: t.server, tool: t.tool, name: t.name, arguments: t.args, status: t.status, destructive: tool ? mayDestroy(tool) : false }];
  });
  const reply = snapshot.turns.findLast((t) => t.kind === 'assistant')?.text ?? null;
  const error = snapshot.turns.find((t) => t.kind === 'error')?.text;
  const base = { run: n, calls, reply, usage: { ...snapshot.usage }, steps: snapshot.steps, ms: snapshot.ms, ...(c.expect.tools && { toolsMatch: toolsMatch(c.expect, calls) }) };
  if (error !== undefined) return { ...base, status: 'error', failures: [], error };
  const failures = checkRun(c.expect, { calls, reply });
  return { ...base, status: failures.length ? 'failed' : 'passed', failures };
}
