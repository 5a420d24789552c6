import { useLayoutEffect, useRef, useState } from 'react';
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

/**
 * The state of a scrolling selection; clamped on every render, so a shrinking list is
 * never out of range. With `ids` (one per item), the selection is an item, not a row:
 * when items come or go before it, it stays on the item the person picked (and keys
 * like `e` or `r` act on that one); only when that item goes does it keep the row.
 * `initial` names the item to select first (where the list was left last time). Each
 * new value of `top` selects the first item again (none: the selection stays).
 */
export function useList(count: number, height: number, ids?: readonly string[], initial?: string, top?: string): List {
  const [raw, setState] = useState<ListState>({ index: 0, offset: 0 });
  // The item drawn as selected last time.
  const drawn = useRef(initial);
  // A new `top` (a filter typed) selects the first item: Enter then opens the first match shown.
  // Kept in a ref, not state: a second render of a 100,000-item list cost each keystroke ~35 ms.
  const seenTop = useRef(top);
  const moved = top !== undefined && top !== seenTop.current;
  const state = clampList(moved ? { index: 0, offset: 0 } : follow(raw, ids, drawn.current), count, height);
  const id = ids?.[state.index];
  useLayoutEffect(() => {
    drawn.current = id;
    seenTop.current = top;
  });
  // With ids the next render follows the item drawn (the first); without, the reset is kept.
  useLayoutEffect(() => {
    if (moved && !ids) setState({ index: 0, offset: 0 });
  }, [moved, ids]);
  return listOf(state, count, height, (m) => {
    const next = moveList(state, m, count, height);
    drawn.current = ids?.[next.index];
    setState(next);
  });
}

/** The selection moved to where the item `id` is now, if it is still in the list. */
function follow(state: ListState, ids: readonly string[] | undefined, id: string | undefined): ListState {
  if (!ids || id === undefined || ids[state.index] === id) return state;
  const at = ids.indexOf(id);
  return at < 0 ? state : { ...state, index: at };
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
