import type { TraceStep } from '../../core/auth/trace.js';
import { sanitizeLine } from '../../util/sanitize.js';
import type { painter } from '../style.js';

const MARK = { ok: '✓', failed: '✗', skipped: '-', info: '·' } as const;
const COLOUR = { ok: 'green', failed: 'red', skipped: 'gray', info: 'gray' } as const;

/** Steps as lines: a mark, the step, its detail, and for a failure what to do. */
export function traceLines(steps: readonly TraceStep[], paint: ReturnType<typeof painter>): string[] {
  return steps.flatMap((s) => {
    const head = `${paint(COLOUR[s.status], MARK[s.status])} ${s.step}${s.detail ? `: ${sanitizeLine(s.detail)}` : ''}`;
    return s.fix ? [head, `    → ${sanitizeLine(s.fix)}`] : [head];
  });
}
