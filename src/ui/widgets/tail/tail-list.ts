import { clampList, moveList, type ListMove, type ListState } from '../list/list-state.js';

/** A selection in a growing log, counted from the first entry ever so dropping old ones moves nothing. */
export interface TailState {
  at: number;
  top: number;
  /** On the newest entry: stay there as new ones arrive. */
  follow: boolean;
}

export const TAIL_START: TailState = { at: 0, top: 0, follow: true };

/** Where the selection is in the `count` entries in view, the first of which is number `first`. */
export function tailView(s: TailState, count: number, height: number, first: number): ListState {
  return clampList(s.follow ? { index: count - 1, offset: count } : { index: s.at - first, offset: s.top - first }, count, height);
}

export function tailMove(s: TailState, move: ListMove, count: number, height: number, first: number): TailState {
  const next = moveList(tailView(s, count, height, first), move, count, height);
  return { at: next.index + first, top: next.offset + first, follow: next.index >= count - 1 };
}
