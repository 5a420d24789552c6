import type { Deck } from '../core/deck.js';
import { grantsOf } from '../core/evals/approval.js';
import { readEvalFile, type EvalFile } from '../core/evals/eval-file.js';
import { sanitizeLine } from '../util/sanitize.js';
import { Exit } from './exit-codes.js';

/** A --file that is an eval file (and defines no server): what its cases let the model run is what is approved. */
export async function evalsFileAt(deck: Deck, path: string): Promise<EvalFile | undefined> {
  if (deck.getSnapshot().servers.some((s) => s.approval?.file === path)) return undefined;
  return readEvalFile(path).catch(() => undefined);
}

export async function approveEvalsFile(deck: Deck, file: EvalFile, revoke: boolean): Promise<number> {
  if (revoke) {
    const gone = await deck.setEvalsApproval(file, false);
    process.stdout.write(gone ? `revoked the approval of ${file.path}\n` : `${file.path} had no approval to revoke\n`);
    return Exit.ok;
  }
  const grants = grantsOf(file);
  if (!grants.length) {
    process.stdout.write(`${file.path} needs no approval: no case lets the model run a tool that asks first (yes, allowTools)\n`);
    return Exit.ok;
  }
  await deck.setEvalsApproval(file, true);
  const lines = grants.map((g) => `  case "${sanitizeLine(g.case)}": ${sanitizeLine(g.allows)}`);
  process.stdout.write(`approved ${file.path}; mcpdeck eval may now let the model run what its cases allow (a changed case asks again):\n${lines.join('\n')}\n`);
  return Exit.ok;
}
