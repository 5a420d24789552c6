import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AnswerOptions } from '../options.js';
import { openInBrowser } from '../../core/browser.js';
import type { RequestPolicy } from '../../core/elicitation/types.js';
import { isRecord } from '../../util/is-record.js';
import { UserError } from '../exit-codes.js';
import { answerPolicy, type AnswerSettings, type PolicyIo } from './policy.js';
import { LinePrompter } from './terminal.js';

export { withAnswers, type AnswerOptions } from '../options.js';

/** Reads and checks the options once, before anything connects: a bad file is bad input. */
export function answerSettings(options: AnswerOptions, cwd: string): AnswerSettings {
  if (options.sampleReply !== undefined && options.onSample !== undefined && options.onSample !== 'ask') {
    throw new UserError(`--sample-reply answers sampling requests; it cannot go with --on-sample ${options.onSample}`);
  }
  const settings: AnswerSettings = { onElicit: options.onElicit ?? 'ask', onSample: options.onSample ?? 'ask' };
  if (options.answers !== undefined) {
    const values = readJson(resolve(cwd, options.answers), '--answers');
    if (!isRecord(values)) throw new UserError(`--answers ${options.answers}: must be a JSON object of field names and values`);
    settings.answers = { file: options.answers, values };
  }
  // One trailing newline is the file's, not the reply's.
  if (options.sampleReply !== undefined) settings.sampleReply = readText(resolve(cwd, options.sampleReply), '--sample-reply').replace(/\r?\n$/, '');
  return settings;
}

/**
 * The policy of a headless command; `interactive` leaves "ask" to the TUI's queue and
 * prints nothing. `say` takes its notes (default: a line each on stderr).
 */
export function cliPolicy(settings: AnswerSettings, interactive = false, say: (text: string) => void = (text) => process.stderr.write(`${text}\n`), sampleByModel?: PolicyIo['sampleByModel']): RequestPolicy {
  return answerPolicy(settings, {
    sampleByModel,
    interactive,
    prompter: !interactive && process.stdin.isTTY ? new LinePrompter(process.stdin, process.stderr) : undefined,
    say: interactive ? () => undefined : say,
    openUrl: openInBrowser,
  });
}

function readText(path: string, option: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new UserError(`${option}: cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

function readJson(path: string, option: string): unknown {
  const text = readText(path, option);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UserError(`${option} ${path}: not valid JSON: ${(error as Error).message}`);
  }
}
