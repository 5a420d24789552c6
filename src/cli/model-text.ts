import type { ConversationSnapshot, ToolTurn } from '../core/models/conversation.js';
import { cutJson } from '../util/json.js';
import { sanitizeLine } from '../util/sanitize.js';
import { truncate } from '../util/text.js';

/** A model's tool call on one line: `server/tool {"arg":…}`, sanitized and cut. */
export function toolLine(turn: ToolTurn): string {
  return `${sanitizeLine(turn.server || '?')}/${sanitizeLine(turn.tool)} ${truncate(sanitizeLine(cutJson(turn.args)), 160)}`;
}

/** `ask --json`: the reply, each tool call with how it ended, the token use. */
export function conversationJson(snapshot: ConversationSnapshot, model: string, servers: readonly string[]) {
  const replies = snapshot.turns.flatMap((t) => (t.kind === 'assistant' ? [t.text] : []));
  return {
    model,
    servers,
    reply: replies.at(-1) ?? null,
    toolCalls: snapshot.turns.flatMap((t) =>
      t.kind === 'tool'
        ? [{ server: t.server, tool: t.tool, name: t.name, arguments: t.args, status: t.status, ...(t.error && { error: t.error }), ...(t.outcome && { isError: t.outcome.isError, durationMs: t.outcome.durationMs, result: t.outcome.result }) }]
        : [],
    ),
    errors: snapshot.turns.flatMap((t) => (t.kind === 'error' ? [t.text] : [])),
    usage: { inputTokens: snapshot.usage.input, outputTokens: snapshot.usage.output },
    steps: snapshot.steps,
    ms: snapshot.ms,
  };
}
