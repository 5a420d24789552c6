import { useState } from 'react';
import type { ListMove } from '../../widgets/list/list-state.js';
import { listHandlers, type List } from '../../widgets/list/useList.js';
import { TAIL_START, tailMove, tailView } from './tail-list.js';

/**
 * The selection in a growing log: while it is on the newest entry it follows new ones;
 * moved up, it stays on its entry even as the oldest drop off the front. `first` is how
 * many entries came before items[0] (its sequence number).
 */
export function useTailList(count: number, height: number, first = 0): List {
  const [raw, setState] = useState(TAIL_START);
  const state = tailView(raw, count, height, first);
  const move = (m: ListMove | { to: number }) => setState((s) => tailMove(s, m, count, height, first));
  return { index: count ? state.index : -1, offset: state.offset, height, select: (to) => move({ to }), handlers: listHandlers(count, move) };
}
