import { existsSync } from 'node:fs';
import type { Approvals, ApprovalRecord } from '../config/approvals.js';
import { contentHash } from '../config/launch-plan.js';
import { appendEvalCase } from './append.js';
import type { EvalCase } from './eval-schema.js';
import { EvalFileError, readEvalFile, type EvalFile, type ResolvedCase } from './eval-file.js';

/**
 * An eval file is project content, like a tests file: cloned with a repository, a case
 * with `yes` or `allowTools` would let a model run the person's tools that may destroy or
 * reach the outside world, on a message the repository wrote. Such a file runs only once
 * the person approved it as it is; a case that lets nothing ask first needs no approval
 * (the model runs only what `mcpdeck ask` runs without flags).
 */
export const EVALS_AT: readonly string[] = ['evals'];

const grants = (c: Pick<ResolvedCase, 'yes' | 'allowTools'>) => Boolean(c.yes) || Boolean(c.allowTools?.length);

/** What each case lets the model run that asks first, in words: `--yes`, or the tools. */
export function grantsOf(file: EvalFile): { case: string; allows: string }[] {
  return file.cases.filter(grants).map((c) => ({ case: c.name, allows: c.yes ? 'every tool (yes)' : (c.allowTools ?? []).join(', ') }));
}

/** The approval key: what the granting cases send and may run; expectations, names and models run nothing. */
export const evalsHash = (file: EvalFile) =>
  contentHash('evals', file.cases.filter(grants).map((c) => ({ message: c.message, servers: c.servers ?? null, system: c.system ?? null, maxSteps: c.maxSteps ?? null, yes: c.yes ?? false, allowTools: c.allowTools ?? [] })));

const approvedAs = (records: readonly ApprovalRecord[], file: EvalFile) =>
  records.some((r) => r.file === file.path && r.at.length === 1 && r.at[0] === EVALS_AT[0] && r.hash === evalsHash(file));

export interface EvalsApproval {
  /** Some case lets the model run tools that ask first. */
  needed: boolean;
  approved: boolean;
}

/** Whether the file may run as it is. */
export function evalsApproval(records: readonly ApprovalRecord[], file: EvalFile): EvalsApproval {
  const needed = file.cases.some(grants);
  return { needed, approved: needed && approvedAs(records, file) };
}

/** Approves the file as it is now. */
export const approveEvals = (store: Approvals, file: EvalFile) => store.approve({ file: file.path, at: [...EVALS_AT], hash: evalsHash(file) });

/** Saves a case into an eval file (the playground's): a file that was new or approved stays approved with the case added. */
export async function saveApprovedEvalCase(store: Approvals | undefined, path: string, evalCase: EvalCase): Promise<string> {
  const before = existsSync(path) ? await readEvalFile(path).catch((error: unknown) => (error instanceof EvalFileError ? undefined : Promise.reject(error))) : undefined;
  const wasApproved = !existsSync(path) || (before !== undefined && store !== undefined && (!evalsApproval(store.list(), before).needed || approvedAs(store.list(), before)));
  const saved = await appendEvalCase(path, evalCase);
  if (store && wasApproved) {
    const after = await readEvalFile(path);
    if (evalsApproval(store.list(), after).needed) await approveEvals(store, after);
  }
  return saved;
}
