import { LineTail } from '../../util/line-tail.js';

/**
 * What a server printed besides its JSON-RPC messages: its stderr (the tail kept on its
 * state, and this attempt's own) and stdout lines that are not JSON-RPC. A failure is
 * explained by the output of its own attempt, never by an old run's.
 */
export class ServerOutput {
  private readonly stderrTail = new LineTail(200);
  private readonly attemptStderr = new LineTail(20);
  private readonly stdoutNoise = new LineTail(20);

  /** A new attempt to connect: what explains its failure starts empty. */
  newAttempt(): void {
    this.attemptStderr.clear();
    this.stdoutNoise.clear();
  }

  /** A chunk of stderr; returns the tail the server's state shows. */
  stderr(chunk: string): string[] {
    this.attemptStderr.push(chunk);
    return this.stderrTail.push(chunk);
  }

  noise(line: string): void {
    this.stdoutNoise.push(`${line}\n`);
  }

  /** This attempt's output, for the reason it failed. */
  failureContext(): { stderrTail: string[]; stdoutNoise: string[] } {
    return { stderrTail: this.attemptStderr.lines(), stdoutNoise: this.stdoutNoise.lines() };
  }
}
