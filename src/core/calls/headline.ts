import type { CallErrorKind } from '../mcp/call.js';
import type { CallState } from './call-run.js';
import { formatDuration } from '../../util/text.js';
import { sanitizeLine } from '../../util/sanitize.js';

export type Tone = 'ok' | 'error' | 'muted';

// A protocol error is never a tool result: each kind says what went wrong where.
const ERROR_TITLE: Record<CallErrorKind, string> = {
  'bad-arguments': '✗ invalid arguments, nothing was sent',
  'unknown-tool': '✗ protocol error: unknown tool',
  'not-connected': '✗ not connected',
  cancelled: '⊘ cancelled',
  timeout: '✗ protocol error: timed out',
  protocol: '✗ protocol error',
  'url-elicitation-required': '✗ the server needs a page visited first (then call again)',
  'session-expired': '✗ the server forgot the session, and a new one failed too',
  'needs-sign-in': '✗ the server needs you to sign in (again) for this call',
  'task-failed': '✗ the task failed',
  declined: '⊘ you declined the sampling request: the call ended there',
};

/** The one line over a finished call: how it ended and how long it took. */
export function headline(state: CallState): { tone: Tone; text: string } {
  const ran = state.endedAt === undefined ? '' : ` · ${formatDuration(state.outcome?.durationMs ?? state.endedAt - state.startedAt)}`;
  // A call that became a task says so, with the id to find it again (the Tasks tab, `mcpdeck tasks`).
  const took = state.task ? `${ran} · task ${sanitizeLine(state.task.taskId)}` : ran;
  if (state.outcome) {
    return state.outcome.isError
      ? { tone: 'error', text: `✗ tool error: the tool ran and reported failure (isError)${took}` }
      : { tone: 'ok', text: `✓ ok${took}${state.outcome.output?.valid === false ? ' · ⚠ does not match its output schema (see below)' : ''}` };
  }
  if (state.error) return { tone: state.error.kind === 'cancelled' ? 'muted' : 'error', text: `${ERROR_TITLE[state.error.kind]}${took}` };
  return { tone: 'muted', text: 'running' };
}

/** What the pager shows for a call that produced no result. */
export function errorText(error: NonNullable<CallState['error']>): string {
  return [error.message, ...(error.details.length ? ['', ...error.details.map((d) => `  - ${d}`)] : [])].join('\n');
}
