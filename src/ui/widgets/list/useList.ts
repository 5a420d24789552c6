import { useState } from 'react';
import type { Handlers } from '../../keys/dispatcher.js';
import { clampList, moveList, type ListMove, type ListState } from './list-state.js';

export interface List {
  /** The selected index, or -1 for an empty list. */
  index: number;
  offset: number;
  height: number;
  select: (index: number) => void;
  /** Handlers for the `list` scope of the bindings. */
  handlers: Handlers;
}

/** The state of a scrolling selection; clamped on every render, so a shrinking list is never out of range. */
export function useList(count: number, height: number): List {
  const [raw, setState] = useState<ListState>({ index: 0, offset: 0 });
  const state = clampList(raw, count, height);
  const move = (m: ListMove | { to: number }) => setState((s) => moveList(s, m, count, height));
  return { index: count ? state.index : -1, offset: state.offset, height, select: (to) => move({ to }), handlers: listHandlers(count, move) };
}

/** The `list` scope's handlers for a list of `count` items (none when it is empty). */
export function listHandlers(count: number, move: (m: ListMove) => void): Handlers {
  if (count === 0) return {};
  return {
    up: () => move('up'),
    down: () => move('down'),
    pageUp: () => move('pageUp'),
    pageDown: () => move('pageDown'),
    first: () => move('first'),
    last: () => move('last'),
  };
}
