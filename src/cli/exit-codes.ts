/** Exit codes, documented in the README. */
export const Exit = {
  ok: 0,
  /** The tool ran and returned a result with isError. */
  toolError: 1,
  /** Bad input: usage, configuration, unknown server or tool, invalid arguments. */
  badInput: 2,
  /** The server could not be connected, or the connection died. */
  connection: 3,
  /** The server needs sign-in. */
  needsAuth: 4,
  /** The server refused the request or it timed out. */
  protocol: 5,
  /** The server comes from a project's file and waits for the person's approval (nothing was started). */
  needsApproval: 6,
  /** `tools --changed`: the server's definitions differ from the ones accepted. */
  drift: 7,
  /** Cancelled with Ctrl-C. */
  interrupted: 130,
} as const;

/** An error meant for the person at the terminal: printed without a stack trace. */
export class UserError extends Error {
  constructor(
    message: string,
    readonly code: number = Exit.badInput,
  ) {
    super(message);
  }
}
