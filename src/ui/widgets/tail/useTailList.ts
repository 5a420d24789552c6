import { useState } from 'react';
import { listOf, type List } from '../list/useList.js';
import { TAIL_START, tailMove, tailView } from './tail-list.js';

/**
 * The selection in a growing log: while it is on the newest entry it follows new ones;
 * moved up, it stays on its entry even as the oldest drop off the front. `first` is how
 * many entries came before items[0] (its sequence number).
 */
export function useTailList(count: number, height: number, first = 0): List {
  const [raw, setState] = useState(TAIL_START);
  return listOf(tailView(raw, count, height, first), count, height, (m) => setState((s) => tailMove(s, m, count, height, first)));
}
