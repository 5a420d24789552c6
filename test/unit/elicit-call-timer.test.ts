import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleTimer, type CallHold } from '../../src/core/mcp/call.js';
import { RequestQueue } from '../../src/core/elicitation/queue.js';
import { domainOf, parseUrlElicitations } from '../../src/core/elicitation/url.js';

/** A hold switched by hand, as a pending request would switch it. */
function manualHold(): CallHold & { set(held: boolean): void } {
  let held = false;
  const listeners = new Set<() => void>();
  return {
    held: () => held,
    subscribe: (l) => (listeners.add(l), () => listeners.delete(l)),
    set(next) {
      held = next;
      for (const l of listeners) l();
    },
  };
}

describe("a call's deadline", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('expires after the idle time, and progress starts it again', () => {
    const expired = vi.fn();
    const timer = new IdleTimer(1000, undefined, expired);
    vi.advanceTimersByTime(900);
    timer.touch();
    vi.advanceTimersByTime(900);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('does not run while held, and restarts in full when the hold ends', () => {
    const expired = vi.fn();
    const hold = manualHold();
    const timer = new IdleTimer(1000, hold, expired);
    vi.advanceTimersByTime(900);
    hold.set(true);
    vi.advanceTimersByTime(60 * 60_000);
    timer.touch();
    vi.advanceTimersByTime(60 * 60_000);
    expect(expired).not.toHaveBeenCalled();
    hold.set(false);
    vi.advanceTimersByTime(999);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('is held by a pending request of its server, and stops listening when stopped', () => {
    const expired = vi.fn();
    const queue = new RequestQueue();
    const hold: CallHold = { held: () => queue.hasPending('srv'), subscribe: queue.subscribe };
    const timer = new IdleTimer(1000, hold, expired);
    const abort = new AbortController();
    void queue.elicit('srv', { mode: 'form', message: 'x', requestedSchema: { type: 'object', properties: {} } }, abort.signal).catch(() => undefined);
    vi.advanceTimersByTime(10_000);
    expect(expired).not.toHaveBeenCalled();
    abort.abort('gone');
    vi.advanceTimersByTime(1000);
    expect(expired).toHaveBeenCalledOnce();
    timer.stop();
    void queue.elicit('srv', { mode: 'form', message: 'y', requestedSchema: { type: 'object', properties: {} } }, new AbortController().signal);
    queue.cancel(queue.getSnapshot().pending[0]!.id);
    vi.advanceTimersByTime(10_000);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('never overflows setTimeout with a huge timeout', () => {
    const expired = vi.fn();
    new IdleTimer(10 ** 12, undefined, expired);
    vi.advanceTimersByTime(10);
    expect(expired).not.toHaveBeenCalled();
  });
});

describe('URL elicitation data', () => {
  it('reads the domain as the URL parser does', () => {
    expect(domainOf('https://trusted.example@evil.test/path')).toBe('evil.test');
    expect(domainOf('https://bücher.example/')).toBe('xn--bcher-kva.example');
    expect(domainOf('not a url')).toBe('(not a valid URL)');
  });

  it('parses the elicitations of a -32042 error, leaving out malformed ones', () => {
    const data = {
      elicitations: [
        { mode: 'url', elicitationId: 'a', url: 'https://a.test/x', message: 'Go' },
        { mode: 'url', url: 'https://b.test' },
        'junk',
        { elicitationId: 'c', url: 'https://c.test' },
      ],
    };
    expect(parseUrlElicitations(data)).toEqual([
      { elicitationId: 'a', url: 'https://a.test/x', message: 'Go', domain: 'a.test' },
      { elicitationId: 'c', url: 'https://c.test', message: '', domain: 'c.test' },
    ]);
    expect(parseUrlElicitations(undefined)).toEqual([]);
    expect(parseUrlElicitations({ elicitations: 'no' })).toEqual([]);
  });
});
