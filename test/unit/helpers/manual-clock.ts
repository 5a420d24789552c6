import type { Clock } from '../../../src/core/clock.js';

/** A clock that moves only when a test says so: what is due runs in order, at once. */
export class ManualClock implements Clock {
  private waits: { at: number; seq: number; fn: () => void }[] = [];
  private seq = 0;

  constructor(private time = 1_000_000) {}

  now = (): number => this.time;

  after(ms: number, fn: () => void): () => void {
    const wait = { at: this.time + ms, seq: this.seq++, fn };
    this.waits.push(wait);
    return () => {
      this.waits = this.waits.filter((w) => w !== wait);
    };
  }

  /** Moves time on by `ms`, running each wait that falls due on the way. */
  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const next = this.waits.filter((w) => w.at <= until).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!next) break;
      this.waits = this.waits.filter((w) => w !== next);
      this.time = next.at;
      next.fn();
    }
    this.time = until;
  }

  /** How many waits are set and not yet due. */
  get pending(): number {
    return this.waits.length;
  }

  /** When each wait set falls due, soonest first. */
  get due(): number[] {
    return this.waits.map((w) => w.at).sort((a, b) => a - b);
  }
}
