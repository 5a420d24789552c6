import type { ResultView } from '../../../core/calls/result-view.js';
import { formatBytes, formatCount } from '../../../util/text.js';
import { BINDINGS } from '../../keys/bindings.js';
import { showKey } from '../../keys/key-name.js';

/** The key of a result command, as the footer shows it. */
export const resultKey = (command: string) => showKey(BINDINGS.find((b) => b.scope === 'result' && b.command === command)!.keys[0]);
const key = resultKey;

/**
 * What a result view leaves out, and the keys that reach the rest, in a line or two;
 * nothing when it shows everything.
 */
export function resultNote(view: ResultView): string | undefined {
  const { from, to, total } = view.blocks;
  const said: string[] = [];
  if (from > 0 || to < total) {
    const keys = [to < total ? `${key('nextBlocks')} next` : '', from > 0 ? `${key('prevBlocks')} previous` : ''].filter(Boolean).join(', ');
    said.push(`showing blocks ${formatCount(from + 1)}–${formatCount(to)} of ${formatCount(total)} (${keys})`);
  }
  if (view.cut) said.push(`showing the first ${formatBytes(view.cut.shown)} of ${formatBytes(view.cut.total)}`);
  return said.length ? `${said.join('; ')}; ${key('saveResult')} saves the whole result to a file` : undefined;
}
