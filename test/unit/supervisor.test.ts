import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RESTART, restartDelay, restartPolicyFrom, Supervisor } from '../../src/core/servers/supervisor.js';
import { restartNote } from '../../src/core/servers/status-label.js';

afterEach(() => vi.useRealTimers());

describe('restart backoff', () => {
  it('doubles from the first wait up to the cap', () => {
    const policy = { ...DEFAULT_RESTART, delay: 1000, maxDelay: 10_000 };
    expect([1, 2, 3, 4, 5, 6].map((n) => restartDelay(policy, n))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('takes the first wait from MCPDECK_RESTART_DELAY_MS, ignoring nonsense', () => {
    expect(restartPolicyFrom({ MCPDECK_RESTART_DELAY_MS: '250' }).delay).toBe(250);
    expect(restartPolicyFrom({ MCPDECK_RESTART_DELAY_MS: 'soon' })).toBe(DEFAULT_RESTART);
    expect(restartPolicyFrom({})).toBe(DEFAULT_RESTART);
  });

  it('runs each try after its wait, gives up after the tries, and starts afresh on reset', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const sup = new Supervisor({ tries: 2, delay: 100, maxDelay: 1000, stableAfter: 5000 }, 'restart', run);
    expect(sup.failed()).toMatchObject({ attempt: 1, tries: 2, at: Date.now() + 100 });
    vi.advanceTimersByTime(99);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(sup.failed()).toMatchObject({ attempt: 2, at: Date.now() + 200 });
    vi.advanceTimersByTime(200);
    const gaveUp = sup.failed();
    expect(gaveUp).toEqual({ kind: 'restart', attempt: 2, tries: 2 });
    vi.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledTimes(2);
    sup.reset();
    expect(sup.active).toBe(false);
    expect(sup.failed()).toMatchObject({ attempt: 1 });
  });

  it('forgets the loop when a session stayed up long enough', () => {
    vi.useFakeTimers();
    const sup = new Supervisor({ tries: 2, delay: 100, maxDelay: 1000, stableAfter: 5000 }, 'reconnect', () => undefined);
    sup.failed();
    sup.failed();
    sup.connected();
    vi.advanceTimersByTime(5000);
    expect(sup.failed()).toMatchObject({ kind: 'reconnect', attempt: 1 });
  });
});

describe('restart note', () => {
  const restart = { kind: 'restart' as const, attempt: 2, tries: 5 };
  it('counts down, runs, and gives up in words', () => {
    expect(restartNote({ ...restart, at: 10_000 }, 'failed', 2_001)).toBe('restarting 2/5 in 8s');
    expect(restartNote({ ...restart, kind: 'reconnect', at: 10_000 }, 'failed', 10_500)).toBe('reconnecting 2/5 in 0s');
    expect(restartNote(restart, 'connecting')).toBe('restart 2/5');
    expect(restartNote({ ...restart, attempt: 5 }, 'failed')).toBe('gave up after 5 tries');
    expect(restartNote(undefined, 'failed')).toBeUndefined();
  });
});
