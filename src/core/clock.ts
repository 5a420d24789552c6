/**
 * Time as the core reads it and waits on it. The deck runs on the system clock; a test
 * passes a clock it moves by hand, so nothing that expires has to be waited for.
 */
export interface Clock {
  now(): number;
  /**
   * Calls `fn` once, `ms` from now; returns what cancels it. A wait does not keep the
   * process alive unless `keepAlive`: a command that waits on nothing else (polling a task
   * over HTTP, whose idle sockets do not hold the process) would end with its work undone.
   */
  after(ms: number, fn: () => void, keepAlive?: boolean): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, fn, keepAlive = false) {
    const timer = setTimeout(fn, ms);
    if (!keepAlive) timer.unref?.();
    return () => clearTimeout(timer);
  },
};

/**
 * One pending expiry at a time: a newer one replaces the one before (a newer notice
 * takes over the time the older one had left).
 */
export class Expiry {
  private cancel?: () => void;

  constructor(private readonly clock: Clock, private readonly ms: number | undefined) {}

  /** Runs `fn` once the lifetime has passed; never, when the owner keeps things until dismissed. */
  set(fn: () => void): void {
    if (this.ms === undefined) return;
    this.cancel?.();
    this.cancel = this.clock.after(this.ms, () => {
      this.cancel = undefined;
      fn();
    });
  }

  clear(): void {
    this.cancel?.();
    this.cancel = undefined;
  }
}
