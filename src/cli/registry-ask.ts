import type { Question } from '../core/mcp-registry/launch.js';
import { sanitizeLine } from '../util/sanitize.js';
import { truncate } from '../util/text.js';
import { readSecretLine } from './ask-input.js';
import { Exit, UserError } from './exit-codes.js';
import { pairs } from './pairs.js';

/**
 * The answers to a server's questions: `--set KEY=value` first, then, on a terminal, each
 * required one not given (a secret typed behind bullets; `asksSecrets` false leaves secrets
 * to the client, which asks for them itself). Without a terminal, a required value not
 * given is an error that names the option to give it with.
 */
export async function askAnswers(questions: Question[], set: string[] | undefined, { asksSecrets }: { asksSecrets: boolean }): Promise<Record<string, string>> {
  const given = pairs(set, '=', '--set');
  const keys = new Set(questions.map((q) => q.key));
  const unknown = Object.keys(given).filter((k) => !keys.has(k));
  if (unknown.length) throw new UserError(`--set ${unknown[0]}: this server asks for no such value; it asks for: ${[...keys].join(', ') || 'nothing'}`, Exit.badInput);
  const answers: Record<string, string> = { ...given };
  for (const q of questions) {
    if (q.key in answers || !q.required || q.default !== undefined) continue;
    if (q.secret && !asksSecrets) continue;
    if (!process.stdin.isTTY) {
      throw new UserError(`${sanitizeLine(q.label)} is required${q.description ? ` (${truncate(sanitizeLine(q.description), 100)})` : ''}: give it with --set ${q.key}=<value>${q.secret ? ', or run this on a terminal to type it unseen' : ''}`, Exit.badInput);
    }
    const hint = q.description ? ` (${truncate(sanitizeLine(q.description), 100)})` : q.choices ? ` (${q.choices.map(sanitizeLine).join(', ')})` : '';
    const answer = await readSecretLine(process.stdin, process.stderr, `${sanitizeLine(q.label)}${hint}: `, q.secret);
    if (answer === undefined || answer === '') throw new UserError(`${sanitizeLine(q.label)} is required; nothing was written`, Exit.badInput);
    answers[q.key] = answer;
  }
  return answers;
}
