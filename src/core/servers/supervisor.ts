import { formatDuration } from '../../util/text.js';

export interface RestartPolicy {
  /** Tries after a failure before giving up. */
  tries: number;
  /** The first wait; each next one doubles, up to maxDelay. */
  delay: number;
  maxDelay: number;
  /** A session that stayed up this long was not part of a crash loop: the count starts again. */
  stableAfter: number;
}

export const DEFAULT_RESTART: RestartPolicy = { tries: 5, delay: 1000, maxDelay: 30_000, stableAfter: 60_000 };

/** What a person sees of the supervisor on a failed server. */
export interface RestartState {
  /** 'restart' starts a process again; 'reconnect' opens a new session to a remote server. */
  kind: 'restart' | 'reconnect';
  /** This try's number, from 1; with `at`, it is still to come. */
  attempt: number;
  tries: number;
  /** When the next try starts (epoch ms); absent once it gave up. */
  at?: number;
  /** The wait before it (ms). */
  wait?: number;
}

/** The line in the server's log: why it failed, and the next try or the give-up. */
export function restartLogText(reason: string, next: RestartState): string {
  if (next.at === undefined) return `${reason}; gave up after ${next.tries} ${next.kind}s (reconnect to try again)`;
  return `${reason}; ${next.kind} ${next.attempt}/${next.tries} in ${formatDuration(next.wait ?? next.at - Date.now())}`;
}

/** The wait before try `attempt` (from 1): delay, 2×delay, 4×delay, … capped at maxDelay. */
export function restartDelay(policy: RestartPolicy, attempt: number): number {
  return Math.min(policy.delay * 2 ** (attempt - 1), policy.maxDelay);
}

/** The policy with the first wait from MCPDECK_RESTART_DELAY_MS (tests and impatient people). */
export function restartPolicyFrom(env: Record<string, string | undefined>): RestartPolicy {
  const delay = Number(env.MCPDECK_RESTART_DELAY_MS);
  return Number.isFinite(delay) && delay > 0 ? { ...DEFAULT_RESTART, delay } : DEFAULT_RESTART;
}

/**
 * Counts the tries of one server's crash loop and runs each after its backoff.
 * A manual reconnect resets it; so does a session that stayed up for `stableAfter`.
 */
export class Supervisor {
  private tries = 0;
  private timer?: NodeJS.Timeout;
  private upSince?: number;

  constructor(
    private readonly policy: RestartPolicy,
    private readonly kind: RestartState['kind'],
    private readonly run: () => void,
  ) {}

  /** True while a crash loop is being retried: its next failure continues it. */
  get active(): boolean {
    return this.tries > 0;
  }

  connected(): void {
    this.upSince = Date.now();
  }

  /** After a failure: schedules the next try, or says it gave up. */
  failed(): RestartState {
    if (this.upSince !== undefined && Date.now() - this.upSince >= this.policy.stableAfter) this.tries = 0;
    this.upSince = undefined;
    this.cancel();
    if (this.tries >= this.policy.tries) return { kind: this.kind, attempt: this.tries, tries: this.policy.tries };
    const attempt = ++this.tries;
    const wait = restartDelay(this.policy, attempt);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.run();
    }, wait);
    // A pending restart never keeps the process alive on its own.
    this.timer.unref();
    return { kind: this.kind, attempt, tries: this.policy.tries, at: Date.now() + wait, wait };
  }

  /** A manual reconnect, a stop or a close: no pending try, and a fresh count. */
  reset(): void {
    this.cancel();
    this.tries = 0;
    this.upSince = undefined;
  }

  private cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
