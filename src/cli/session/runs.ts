import type { RequestPolicy } from '../../core/elicitation/types.js';
import type { FromSession } from './wire.js';

/** Where a run's output goes while someone waits for it: the client that started it, or one that answered or waits. */
export interface Follower {
  send(message: FromSession): void;
  /** The run ended (its exit code), or it asks something (the waiting code) and the follower lets go. */
  settle(code: number): void;
  /** The connection it writes to: a client that goes away stops following everything. */
  socket?: unknown;
}

/** Output kept since a run last stopped for a question (for the next `wait`), at most this much. */
const MAX_KEPT = 16 * 1024 * 1024;

/**
 * One command a session runs. Its output goes to whoever follows it; when its server
 * asks something that nobody can answer now, the follower is told (the question, and
 * the waiting code) and lets go, and the output is kept until `wait` or `answer` follows
 * it again.
 */
export class Run {
  /** The servers the command is about, known once it borrowed the deck; undefined for a command that borrowed none. */
  servers?: readonly string[] | 'all';
  /** How it answers what servers ask: its options (--on-elicit, --answers, ...). */
  policy?: RequestPolicy;
  /** The command turned out to need running in the client (a server the session does not hold). */
  fallback = false;
  /** Questions from its server waiting for an answer (queue ids). */
  readonly questions = new Set<number>();
  code?: number;
  endedAt?: number;
  /** It stopped for a question once: a client going away then is not a Ctrl-C. */
  detached = false;
  private follower?: Follower;
  private kept: FromSession[] = [];
  private keptBytes = 0;
  private readonly interrupts = new Set<() => void>();

  constructor(
    readonly id: string,
    readonly argv: readonly string[],
    /** Shown in `session status`. */
    readonly startedAt: number,
  ) {}

  get json(): boolean {
    return this.argv.includes('--json');
  }

  get running(): boolean {
    return this.code === undefined;
  }

  write(message: FromSession): void {
    if (this.fallback) return;
    const size = (message.t === 'o' || message.t === 'e') ? (message.d ?? message.b ?? '').length : 0;
    if (this.keptBytes + size <= MAX_KEPT) {
      this.keptBytes += size;
      this.kept.push(message);
    }
    this.follower?.send(message);
  }

  finish(code: number): void {
    this.code = code;
    this.endedAt = Date.now();
    this.interrupts.clear();
    // Only a call that stopped for a question is waited for later: another one's output was said.
    if (!this.detached) {
      this.kept = [];
      this.keptBytes = 0;
    }
    const follower = this.follower;
    this.follower = undefined;
    if (follower) this.hand(follower);
  }

  /** The end, to a follower: the exit code, or that the client runs the command itself. */
  private hand(follower: Follower): void {
    if (this.fallback) follower.send({ t: 'fallback' });
    else follower.settle(this.code!);
  }

  /**
   * Follows the run from now: what it kept first, then what it writes. Resolves with its
   * exit code, or at once with `waitingCode` (after `ask` wrote them) while questions wait.
   */
  follow(follower: Follower, ask: (run: Run) => void, waitingCode: number): void {
    for (const message of this.kept) follower.send(message);
    if (this.code !== undefined) return this.hand(follower);
    this.follower = follower;
    if (this.questions.size) this.stopFor(ask, waitingCode);
  }

  /** Its server asks: the follower is told and lets go. What was written until then is said; `wait` prints what comes after. */
  stopFor(ask: (run: Run) => void, waitingCode: number): void {
    const follower = this.follower;
    if (!follower) return;
    this.follower = undefined;
    this.detached = true;
    const before = this.kept.length;
    ask(this);
    for (const message of this.kept.slice(before)) follower.send(message);
    this.kept = [];
    this.keptBytes = 0;
    follower.settle(waitingCode);
  }

  /** The follower went away: a Ctrl-C for the client that started it (unless it stopped for a question), else nothing. */
  unfollow(follower: Follower, interrupt: boolean): void {
    if (this.follower !== follower) return;
    this.follower = undefined;
    if (interrupt && !this.detached) this.interrupt();
  }

  /** A client went away: it follows this run no more. */
  unfollowSocket(socket: unknown): void {
    if (this.follower?.socket === socket) this.follower = undefined;
  }

  currentFollower(): Follower | undefined {
    return this.follower;
  }

  interrupt(): void {
    for (const fn of this.interrupts) fn();
  }

  onInterrupt(fn: () => void): () => void {
    this.interrupts.add(fn);
    return () => this.interrupts.delete(fn);
  }
}
