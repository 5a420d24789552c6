import type { EvalCase } from '../../core/evals/eval-schema.js';
import type { Turn } from '../../core/models/conversation.js';
import { needsApproval, type ModelTool } from '../../core/models/toolset.js';

/** Where a case saved from the playground goes unless the person says otherwise: the file `mcpdeck eval` reads. */
export const EVAL_FILE = 'mcpdeck.evals.json';

/**
 * The last message of a conversation as an eval case: the servers picked; the tools the
 * model called for it as what it must call (each once, in any order) and no more calls than
 * it made; the tools the person let run that ask first, allowed (so the file waits for
 * approval, as any eval file that lets tools run). Nothing is made up from the reply's
 * words. Undefined before a message was sent.
 */
export function caseOf(turns: readonly Turn[], tools: readonly ModelTool[], servers: readonly string[], system?: string): EvalCase | undefined {
  const at = turns.findLastIndex((t) => t.kind === 'user');
  const last = turns[at];
  if (!last || last.kind !== 'user') return undefined;
  const calls = turns.slice(at + 1).flatMap((t) => (t.kind === 'tool' && t.server ? [t] : []));
  const named = (t: { server: string; tool: string }) => `${t.server}/${t.tool}`;
  const asks = (name: string) => tools.some((m) => m.name === name && needsApproval(m.tool));
  const allowed = [...new Set(calls.filter((t) => t.status !== 'denied' && asks(t.name)).map(named))];
  const called = [...new Set(calls.map(named))];
  return {
    name: last.text.replace(/\s+/g, ' ').trim().slice(0, 60),
    message: last.text,
    servers: [...servers],
    ...(system && { system }),
    ...(allowed.length && { allowTools: allowed }),
    expect: called.length ? { tools: called, maxCalls: calls.length } : { maxCalls: 0 },
  };
}
