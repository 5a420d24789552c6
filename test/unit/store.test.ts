import { describe, expect, it, vi } from 'vitest';
import { createStore } from '../../src/core/store.js';

describe('createStore', () => {
  it('returns the same snapshot until an update', () => {
    const store = createStore({ count: 0, items: ['a'] });
    const first = store.getSnapshot();
    expect(store.getSnapshot()).toBe(first);
    store.update((s) => ({ ...s, count: 1 }));
    const second = store.getSnapshot();
    expect(second).not.toBe(first);
    expect(second).toEqual({ count: 1, items: ['a'] });
    expect(second.items).toBe(first.items);
    expect(first).toEqual({ count: 0, items: ['a'] });
  });

  it('notifies each subscriber once per update', () => {
    const store = createStore(0);
    const a = vi.fn();
    const b = vi.fn(() => expect(store.getSnapshot()).toBe(1));
    store.subscribe(a);
    store.subscribe(b);
    store.update((n) => n + 1);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('stops notifying after unsubscribe', () => {
    const store = createStore(0);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.update((n) => n + 1);
    unsubscribe();
    store.update((n) => n + 1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toBe(2);
  });

  it('notifies nobody when an update returns the same state', () => {
    const state = { count: 0 };
    const store = createStore(state);
    const listener = vi.fn();
    store.subscribe(listener);
    store.update((s) => s);
    expect(listener).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toBe(state);
  });

  it('lets a listener unsubscribe another during a notification without skipping anyone', () => {
    const store = createStore(0);
    const calls: string[] = [];
    let offB = () => {};
    store.subscribe(() => {
      calls.push('a');
      offB();
    });
    offB = store.subscribe(() => calls.push('b'));
    store.update((n) => n + 1);
    store.update((n) => n + 1);
    expect(calls).toEqual(['a', 'b', 'a']);
  });
});
