import type { TransferResult } from '../../core/config/import-servers.js';
import { terminalJson } from '../../util/json.js';
import { sanitizeLine } from '../../util/sanitize.js';

/** What an import or export did, for people (stderr notes, stdout summary) or as JSON. */
export function printTransfer(result: TransferResult, where: string, json: boolean): void {
  if (json) return void process.stdout.write(`${terminalJson({ target: where, ...result }, 2)}\n`);
  for (const problem of result.problems) process.stderr.write(`warning: ${sanitizeLine(problem)} (skipped)\n`);
  for (const { name, note } of result.notes) process.stderr.write(`note: ${sanitizeLine(name)}: ${sanitizeLine(note)}\n`);
  const list = (names: string[]) => names.map(sanitizeLine).join(', ');
  if (result.added.length) process.stdout.write(`added to ${where}: ${list(result.added)}\n`);
  if (result.replaced.length) process.stdout.write(`replaced in ${where}: ${list(result.replaced)}\n`);
  if (result.same.length) process.stdout.write(`already there: ${list(result.same)}\n`);
  for (const { name, why } of result.skipped) process.stdout.write(`skipped ${sanitizeLine(name)}: ${sanitizeLine(why)}\n`);
  if (!result.added.length && !result.replaced.length && !result.same.length && !result.skipped.length) process.stdout.write('no servers to copy\n');
}

export const names = (value: string | undefined) => value?.split(',').map((s) => s.trim()).filter(Boolean);
