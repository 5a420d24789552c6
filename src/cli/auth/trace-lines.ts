import { stepLine, type TraceStep } from '../../core/auth/trace.js';
import { sanitizeLine } from '../../util/sanitize.js';
import type { painter } from '../style.js';

const COLOUR = { ok: 'green', failed: 'red', skipped: 'gray', info: 'gray' } as const;

/** Steps as lines: a mark, the step, its detail, and for a failure what to do. */
export function traceLines(steps: readonly TraceStep[], paint: ReturnType<typeof painter>): string[] {
  return steps.flatMap((s) => {
    const [mark, ...rest] = stepLine(s);
    const head = `${paint(COLOUR[s.status], mark!)}${rest.join('')}`;
    return s.fix ? [head, `    → ${sanitizeLine(s.fix)}`] : [head];
  });
}
