import { stepLine, type TraceStep } from '../../../core/auth/trace.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { wrapRows } from '../../widgets/text/wrap.js';

export type TraceTone = 'ok' | 'failed' | 'info' | 'fix' | 'muted';

export interface TraceRow {
  text: string;
  tone: TraceTone;
}

const FAILURE_ROWS = 3;
const FIX_ROWS = 2;

/** A passed step on one row (cut at the edge); a failure wrapped, then what to do about it. */
function stepRows(step: TraceStep, width: number): TraceRow[] {
  const head = stepLine(step);
  if (step.status !== 'failed') return [{ text: head, tone: step.status === 'ok' ? 'ok' : 'info' }];
  const indent = (rows: string[], first: string, rest: string) => rows.map((r, i) => `${i ? rest : first}${r}`);
  const failure = indent(wrapRows(head, width - 2).slice(0, FAILURE_ROWS), '', '  ').map((text) => ({ text, tone: 'failed' as const }));
  const fix = step.fix ? indent(wrapRows(sanitizeLine(step.fix), width - 7).slice(0, FIX_ROWS), '  fix: ', '       ') : [];
  return [...failure, ...fix.map((text) => ({ text, tone: 'fix' as const }))];
}

/**
 * A sign-in's steps in at most `max` rows of `width`. Failures (and their fixes) are
 * kept first; earlier steps that went through fold into one row when there is no room.
 */
export function traceRows(steps: readonly TraceStep[], width: number, max: number): TraceRow[] {
  if (max <= 0) return [];
  const blocks = steps.map((s) => ({ failed: s.status === 'failed', rows: stepRows(s, width) }));
  const count = () => blocks.reduce((n, b) => n + b.rows.length, 0);
  let folded = 0;
  while (count() + (folded ? 1 : 0) > max) {
    const first = blocks.findIndex((b) => !b.failed);
    if (first < 0) break;
    blocks.splice(first, 1);
    folded++;
  }
  const summary: TraceRow[] = folded ? [{ text: `… ${folded} earlier step${folded === 1 ? '' : 's'}, none failed`, tone: 'muted' }] : [];
  const rows = [...summary, ...blocks.flatMap((b) => b.rows)];
  if (rows.length <= max) return rows;
  // Still too many (several failures): the last rows say the most (the sign-in's own failure and fix).
  const kept = rows.slice(rows.length - max + 1);
  return [{ text: `… ${rows.length - kept.length} rows above`, tone: 'muted' }, ...kept];
}
