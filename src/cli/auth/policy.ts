import { createInterface } from 'node:readline/promises';
import type { AuthPolicy, SignInMode } from '../../core/auth/manager.js';
import type { AuthManager } from '../../core/auth/manager.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { followSignIn } from './follow.js';

/**
 * How a command meets a server that wants a sign-in: `auto` signs in at once through
 * the browser, `ask` asks on the terminal first (the default there), `never` fails with
 * exit code 4 and the command to run (the default without a terminal).
 */
export function cliAuthPolicy(auth: AuthManager, mode: SignInMode | undefined): AuthPolicy {
  const chosen = mode ?? (process.stdin.isTTY && process.stderr.isTTY ? 'ask' : 'never');
  return {
    unauthorized: chosen,
    insufficientScope: chosen,
    confirm: async ({ reason }) => {
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        const answer = await rl.question(`${sanitizeLine(reason)}. Sign in now in your browser? [Y/n] `);
        return !/^n/i.test(answer.trim());
      } finally {
        rl.close();
      }
    },
    onAttempt: (attempt) => void followSignIn(auth, attempt),
  };
}
