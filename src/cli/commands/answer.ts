import type { Command } from 'commander';
import { withConfigured, type Invocation, type TargetOptions } from '../options.js';
import { UserError } from '../exit-codes.js';
import { activeSession } from '../session/active.js';

type Run = (fn: () => Promise<number>) => void;

interface AnswerOptions extends TargetOptions {
  decline?: boolean;
  cancel?: boolean;
  reply?: string;
}

const NO_SESSION = 'no session runs for this configuration: a question waits for an answer only in a session (mcpdeck session start)';

/**
 * `mcpdeck answer <id> key=value...` and `mcpdeck wait <call>`: a question a call through
 * the session stopped on is answered later, and the call's result printed.
 */
export function registerAnswer(program: Command, _inv: Invocation, run: Run): void {
  withConfigured(program.command('answer <id> [pairs...]').description("answer a server's question that a call through the session waits on, then print the call's result"))
    .option('--decline', 'decline it')
    .option('--cancel', 'cancel it')
    .option('--reply <text>', "a sampling request: the assistant's reply")
    .option('--json', 'print JSON (as the call would)')
    .action((id: string, pairs: string[], options: AnswerOptions) =>
      run(async () => {
        const session = activeSession();
        if (!session) throw new UserError(NO_SESSION);
        const number = Number(id);
        if (!Number.isInteger(number) || number <= 0) throw new UserError(`"${id}" is not a question's id (a number, as the call said)`);
        return session.host.answer(number, { pairs, decline: options.decline, cancel: options.cancel, reply: options.reply });
      }),
    );
  withConfigured(program.command('wait <call>').description('wait for a call through the session to end (or ask again) and print its result'))
    .option('--json', 'print JSON (as the call would)')
    .action((call: string) =>
      run(async () => {
        const session = activeSession();
        if (!session) throw new UserError(NO_SESSION);
        return session.host.wait(call);
      }),
    );
}
