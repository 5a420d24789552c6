import { sanitizeLine } from '../../util/sanitize.js';
import { truncate } from '../../util/text.js';
import type { AppLogEntry } from './log.js';
import type { AppQuestion } from './questions.js';

/** What the person is asked, one line, sanitized (the app and its server chose every word of it). */
export function questionText(q: AppQuestion): string {
  if (q.kind === 'link') return `${sanitizeLine(q.server)}'s app asks to open ${truncate(sanitizeLine(q.url), 200)} in your browser`;
  const why = q.destructive ? 'declared destructive' : 'not declared read-only: it may change or delete data';
  return `${sanitizeLine(q.server)}'s app asks to call ${sanitizeLine(q.tool)} ${truncate(sanitizeLine(JSON.stringify(q.args)), 160)} (${why})`;
}

/** One line of an app's log, sanitized. */
export function logLine(e: AppLogEntry): string {
  const reason = e.reason ? `: ${sanitizeLine(e.reason)}` : '';
  return `${e.status.padEnd(7)} ${sanitizeLine(e.method)} ${truncate(sanitizeLine(e.detail), 120)}${reason}`;
}
