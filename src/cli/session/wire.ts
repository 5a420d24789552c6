import type { Socket } from 'node:net';

// The session's protocol: one JSON object a line over its Unix socket. A client sends one
// `run` (a command line, as typed) and may send `int` (Ctrl-C); the session answers with
// the command's output as it is written and its exit code, or `fallback` when the command
// is not one it can run (the client then runs it itself).

/** What a command's output goes to, as the client sees it. */
interface ClientTerminal {
  /** stdout and stderr are terminals (colour, --text sanitizing, tables). */
  out: boolean;
  err: boolean;
  columns?: number;
}

export type ToSession =
  /** `build`: when the client's bundle was built (its mtime): a session of another build sends the command back. */
  | { t: 'run'; argv: string[]; cwd: string; env: NodeJS.ProcessEnv; tty: ClientTerminal; build?: number }
  | { t: 'int' }
  /** The deck, drawn by the session on the client's terminal: keys come as `in` (base64), sizes as `size`. */
  | { t: 'attach'; env: NodeJS.ProcessEnv; cwd?: string; columns: number; rows: number }
  | { t: 'in'; b: string }
  | { t: 'size'; columns: number; rows: number };

export type FromSession =
  /** stdout (`o`) or stderr (`e`) text; `b` when the bytes were not text (base64). */
  | { t: 'o' | 'e'; d?: string; b?: string }
  | { t: 'exit'; code: number }
  | { t: 'fallback'; why?: string };

/** Sends one message; those sent in the same tick (a result, its stderr line, the exit code) go out in one write. */
export function send(socket: Socket, message: ToSession | FromSession): void {
  if (socket.destroyed || !socket.writable) return;
  if (!socket.writableCorked) {
    socket.cork();
    process.nextTick(() => socket.uncork());
  }
  socket.write(`${JSON.stringify(message)}\n`);
}

/** Calls `each` with every complete line's message; a line that is not JSON ends the connection. */
export function readMessages<T>(socket: Socket, each: (message: T) => void): void {
  let held = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    held += chunk;
    let at: number;
    while ((at = held.indexOf('\n')) !== -1) {
      const line = held.slice(0, at);
      held = held.slice(at + 1);
      if (!line) continue;
      let message: T;
      try {
        message = JSON.parse(line) as T;
      } catch {
        socket.destroy();
        return;
      }
      each(message);
    }
  });
}
