// The suggestion feed behind the deck's completions: debounced, stale answers dropped,
// errors shown as nothing. Fake timers and hand-resolved answers: no waiting on a clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { completer } from '../../src/ui/server/fetch/form-schemas.js';
import { SuggestionFeed, SUGGEST_DELAY_MS, type Suggest, type SuggestQuery, type Suggestions } from '../../src/ui/widgets/form/state/suggestions.js';

interface Asked {
  query: SuggestQuery;
  signal: AbortSignal;
  resolve: (r: { values: string[]; total?: number; hasMore?: boolean }) => void;
  reject: (e: Error) => void;
}

function setup() {
  const asked: Asked[] = [];
  const suggest: Suggest = (query, signal) => new Promise((resolve, reject) => asked.push({ query, signal, resolve, reject }));
  const shown: (Suggestions | undefined)[] = [];
  const feed = new SuggestionFeed(suggest, (s) => shown.push(s));
  return { asked, shown, feed };
}

const q = (value: string, context: Record<string, string> = {}): SuggestQuery => ({ field: 'colour', value, context });

describe('the suggestion feed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks once the typing pauses, for the newest value only, with the context', async () => {
    const { asked, feed } = setup();
    feed.ask(q('b'));
    vi.advanceTimersByTime(SUGGEST_DELAY_MS - 1);
    feed.ask(q('bl', { size: 'L' }));
    vi.advanceTimersByTime(SUGGEST_DELAY_MS - 1);
    expect(asked).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(asked.map((a) => a.query)).toEqual([q('bl', { size: 'L' })]);
  });

  it('drops an answer for an older value that arrives after a newer one was asked (and cancels it)', async () => {
    const { asked, shown, feed } = setup();
    feed.ask(q('b'));
    vi.advanceTimersByTime(SUGGEST_DELAY_MS);
    feed.ask(q('bl'));
    expect(asked[0]!.signal.aborted).toBe(true);
    vi.advanceTimersByTime(SUGGEST_DELAY_MS);
    asked[1]!.resolve({ values: ['blue', 'black'] });
    await vi.runAllTimersAsync();
    asked[0]!.resolve({ values: ['blue', 'black', 'brown'] });
    await vi.runAllTimersAsync();
    expect(shown.at(-1)).toEqual({ field: 'colour', value: 'bl', values: ['blue', 'black'], more: 0 });
    expect(feed.current()?.values).toEqual(['blue', 'black']);
  });

  it('shows nothing for a failed answer, and clears what it showed as soon as the value changes', async () => {
    const { asked, shown, feed } = setup();
    feed.ask(q('g'));
    vi.advanceTimersByTime(SUGGEST_DELAY_MS);
    asked[0]!.resolve({ values: ['green', 'grey'] });
    await vi.runAllTimersAsync();
    expect(feed.current()?.values).toEqual(['green', 'grey']);
    feed.ask(q('gr'));
    expect(feed.current()).toBeUndefined();
    vi.advanceTimersByTime(SUGGEST_DELAY_MS);
    asked[1]!.reject(new Error('MCP error -32601: Method not found'));
    await vi.runAllTimersAsync();
    expect(feed.current()).toBeUndefined();
    expect(shown.at(-1)).toBeUndefined();
  });

  it('keeps at most five, drops non-strings, repeats and the value already typed, and counts the rest', async () => {
    const { asked, feed } = setup();
    feed.ask(q('a'));
    vi.advanceTimersByTime(SUGGEST_DELAY_MS);
    asked[0]!.resolve({ values: ['a', 'a1', 'a1', 7 as unknown as string, 'a2', 'a3', 'a4', 'a5', 'a6'], total: 40 });
    await vi.runAllTimersAsync();
    expect(feed.current()).toEqual({ field: 'colour', value: 'a', values: ['a1', 'a2', 'a3', 'a4', 'a5'], more: 35 });
  });

  it('asks nothing once disposed or when the focus leaves for a field with no completions', async () => {
    const { asked, feed } = setup();
    feed.ask(q('x'));
    feed.ask(undefined);
    vi.advanceTimersByTime(SUGGEST_DELAY_MS * 2);
    feed.ask(q('y'));
    feed.dispose();
    vi.advanceTimersByTime(SUGGEST_DELAY_MS * 2);
    expect(asked).toHaveLength(0);
  });
});

describe('the completer a deck form is given', () => {
  it('is none for a server that does not declare completions, so nothing is ever asked of it', async () => {
    const complete = vi.fn();
    const deck = { complete } as never;
    const ref = { type: 'ref/prompt' as const, name: 'paint' };
    expect(completer(deck, { name: 'plain', capabilities: { prompts: {} } } as never, ref)).toBeUndefined();
    expect(completer(deck, { name: 'plain' } as never, ref)).toBeUndefined();
    const suggest = completer(deck, { name: 'painter', capabilities: { prompts: {}, completions: {} } } as never, ref);
    complete.mockResolvedValue({ completion: { values: ['red'] } });
    const signal = new AbortController().signal;
    await expect(suggest!({ field: 'colour', value: 'r', context: { size: 'L' } }, signal)).resolves.toEqual({ values: ['red'] });
    expect(complete).toHaveBeenCalledWith('painter', { ref, argument: { name: 'colour', value: 'r' }, context: { arguments: { size: 'L' } } }, { signal });
  });
});
