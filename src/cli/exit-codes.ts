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

/** Each code in a few words, for the `--help` footer (the README's table says more). Every code has one, or this does not compile. */
const IN_SHORT: Record<keyof typeof Exit, string> = {
  ok: 'ok',
  toolError: 'the tool returned an error result',
  badInput: 'bad input (usage, config, arguments)',
  connection: 'connection failed',
  needsAuth: 'needs sign-in',
  protocol: 'the server refused or timed out',
  needsApproval: "a project's server waits for approval",
  drift: '`tools --changed`: definitions changed since accepted',
  interrupted: 'cancelled',
};

/** "0 ok · 1 the tool returned an error result · ...": every code, from the table above. */
export function exitCodeList(): string {
  return (Object.keys(Exit) as (keyof typeof Exit)[]).map((key) => `${Exit[key]} ${IN_SHORT[key]}`).join(' · ');
}

/** An error meant for the person at the terminal: printed without a stack trace. */
export class UserError extends Error {
  constructor(
    message: string,
    readonly code: number = Exit.badInput,
  ) {
    super(message);
  }
}
