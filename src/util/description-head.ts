import { sanitize } from './sanitize.js';

/** No more than this of a description is sanitized or split per render: a 1 MB one costs what 4 KB does. */
export const DESCRIPTION_HEAD = 4096;

/**
 * The first `lines` lines of a description (all of its head by default) as one sanitized
 * line, and its whole length when that is over the head. Tabs become spaces: a terminal
 * moves a tab to its next stop, past the columns the row was given.
 */
export function descriptionHead(text: string | undefined, lines = Infinity): { line: string; cut?: number } {
  const whole = text ?? '';
  const long = whole.length > DESCRIPTION_HEAD;
  const line = sanitize(long ? whole.slice(0, DESCRIPTION_HEAD) : whole).trim().split('\n').slice(0, lines).join(' ').replace(/\t+/g, ' ');
  return long ? { line, cut: whole.length } : { line };
}
