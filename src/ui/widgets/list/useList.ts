import { useState } from 'react';
import type { Handlers } from '../../keys/dispatcher.js';
import { clampList, moveList, type ListMove, type ListState } from './list-state.js';

export interface List {
  /** The selected index, or -1 for an empty list. */
  index: number;
  offset: number;
  height: number;
  /** Handlers for the `list` scope of the bindings. */
  handlers: Handlers;
}

/** The state of a scrolling selection; clamped on every render, so a shrinking list is never out of range. */
export function useList(count: number, height: number): List {
  const [raw, setState] = useState<ListState>({ index: 0, offset: 0 });
  return listOf(clampList(raw, count, height), count, height, (m) => setState((s) => moveList(s, m, count, height)));
}

/** A clamped selection as a List, its `list` scope handlers applying `move` (none for an empty list). */
export function listOf(state: ListState, count: number, height: number, move: (m: ListMove) => void): List {
  const handlers: Handlers = count === 0 ? {} : {
    up: () => move('up'),
    down: () => move('down'),
    pageUp: () => move('pageUp'),
    pageDown: () => move('pageDown'),
    first: () => move('first'),
    last: () => move('last'),
  };
  return { index: count ? state.index : -1, offset: state.offset, height, handlers };
}
