import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

/** Why a conversation ended early: Ctrl-C, end of input, or the server withdrew its request. */
export class PromptEnded extends Error {}

export type Ask = (question: string) => Promise<string>;

/**
 * Line-by-line questions on the terminal (stdin for answers, stderr for questions, so
 * stdout stays the tool's result). One conversation at a time: requests that arrive
 * together are asked one after the other, never interleaved.
 */
export class LinePrompter {
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly input: Readable & { isTTY?: boolean },
    readonly output: Writable,
    /** Ctrl-C while a question is open: also stop what the command is doing. */
    private readonly onInterrupt: () => void = () => process.kill(process.pid, 'SIGINT'),
  ) {}

  /** Runs `talk` when the previous conversation is over; `signal` ends it early. */
  converse<T>(signal: AbortSignal, talk: (ask: Ask) => Promise<T>): Promise<T> {
    const run = () => this.conversation(signal, talk);
    const result = this.turn.then(run, run);
    this.turn = result.catch(() => undefined);
    return result;
  }

  say(text: string): void {
    this.output.write(`${text}\n`);
  }

  private async conversation<T>(signal: AbortSignal, talk: (ask: Ask) => Promise<T>): Promise<T> {
    if (signal.aborted) throw new PromptEnded('the request was withdrawn');
    const rl = createInterface({ input: this.input, output: this.output, terminal: Boolean(this.input.isTTY) });
    // Lines typed ahead of a question are kept for it, not dropped.
    const lines: string[] = [];
    let waiter: ((line: string | undefined) => void) | undefined;
    let ended = false;
    const take = (line: string | undefined) => {
      const w = waiter;
      waiter = undefined;
      w?.(line);
    };
    const end = () => {
      ended = true;
      take(undefined);
    };
    rl.on('line', (line) => (waiter ? take(line) : lines.push(line)));
    rl.on('close', end);
    rl.on('SIGINT', () => {
      end();
      this.onInterrupt();
    });
    signal.addEventListener('abort', end, { once: true });
    const ask: Ask = async (question) => {
      if (!ended) {
        rl.setPrompt(question);
        rl.prompt();
      } else if (lines.length) {
        // Input typed ahead and already closed (a pipe): still show what each line answers.
        this.output.write(question);
      }
      const line = lines.length ? lines.shift() : ended ? undefined : await new Promise<string | undefined>((resolve) => (waiter = resolve));
      if (line === undefined || signal.aborted) throw new PromptEnded(signal.aborted ? 'the request was withdrawn' : 'no more input');
      return line;
    };
    try {
      return await talk(ask);
    } finally {
      signal.removeEventListener('abort', end);
      rl.close();
    }
  }
}
