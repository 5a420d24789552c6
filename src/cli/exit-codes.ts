/** Exit codes; what each means is EXIT_MEANINGS, below. */
export const Exit = {
  ok: 0,
  toolError: 1,
  badInput: 2,
  connection: 3,
  needsAuth: 4,
  protocol: 5,
  needsApproval: 6,
  drift: 7,
  waiting: 8,
  hangup: 129,
  interrupted: 130,
  terminated: 143,
} as const;

/**
 * What each code means: the exit-code table (docs/exit-codes.md) is made of these words
 * (test/unit/readme-exit-codes.test.ts checks it, UPDATE_README=1 rewrites it), and so is
 * `--help`. Every code has one, or this does not compile.
 */
export const EXIT_MEANINGS: Record<keyof typeof Exit, string> = {
  ok: 'success (for `status`: every enabled server connected; for `auth login` on a server that asks for no sign-in: nothing to do)',
  toolError: 'the tool ran and returned an error result (`isError`)',
  badInput: "bad input: usage, configuration, unknown server, tool or prompt, invalid arguments, a server's question the options could not answer",
  connection: 'a server could not be connected, or the connection died',
  needsAuth: 'a server needs sign-in (it answered 401/403), or a page visited first (-32042)',
  protocol: 'the server refused the request (or does not offer what the command needs), or it timed out, or a task failed',
  needsApproval: "a server from a project's file waits for approval (nothing was started; `mcpdeck approve`)",
  drift: '`tools --changed`: the server\'s tools, prompts or resource templates differ from the ones accepted',
  waiting: 'a call through a session waits for the answer to a question its server asked (`mcpdeck answer <id>`, then the result)',
  hangup: 'the terminal closed (SIGHUP); the servers mcpdeck started were ended first',
  interrupted: 'cancelled with Ctrl-C',
  terminated: 'ended by SIGTERM; the servers mcpdeck started were ended first',
};

/** The commands whose codes mean something of their own (under the table in docs/exit-codes.md, and in `--help`). */
export const COMMAND_EXIT_CODES =
  '`mcpdeck test` exits 0 when every test passed, 1 when one failed or could not run, 2 for a test file that is missing or malformed. ' +
  '`mcpdeck eval` exits 0 when every case passed on every model, 1 when one failed or a model failed, 2 for an eval file that is missing or malformed, 6 for one that lets the model run tools that ask first and is not approved. ' +
  '`mcpdeck fuzz` exits 0 when it found nothing, 1 when it has findings, 2 for bad options or an unknown tool, 3–6 as above when the server cannot be reached. ' +
  '`mcpdeck lint` exits 0 when no finding is an error (or as severe as `--fail-on` says), 1 when one is, 2 for an unknown `--client`, 3–6 as above when the server cannot be reached.';

/** An error meant for the person at the terminal: printed without a stack trace. */
export class UserError extends Error {
  constructor(
    message: string,
    readonly code: number = Exit.badInput,
  ) {
    super(message);
  }
}
