/** A selection in a list of `count` items shown `height` rows at a time. */
export interface ListState {
  index: number;
  offset: number;
}

export type ListMove = 'up' | 'down' | 'pageUp' | 'pageDown' | 'first' | 'last';

/**
 * The first row to show so that rows `start..end` are in view, moving as little as
 * possible from `offset`: a window that does not jump on every move.
 */
export function scrollTo(offset: number, start: number, end: number, total: number, height: number): number {
  const rows = Math.max(1, height);
  let next = Math.min(offset, start);
  // A span taller than the window shows its first rows.
  if (end >= next + rows) next = Math.min(start, end - rows + 1);
  return Math.max(0, Math.min(next, Math.max(0, total - rows)));
}

export function clampList(state: ListState, count: number, height: number): ListState {
  const index = Math.max(0, Math.min(state.index, count - 1));
  const offset = scrollTo(state.offset, index, index, count, height);
  return index === state.index && offset === state.offset ? state : { index, offset };
}

export function moveList(state: ListState, move: ListMove, count: number, height: number): ListState {
  const page = Math.max(1, height - 1);
  const current = clampList(state, count, height).index;
  const to = {
    up: current - 1,
    down: current + 1,
    pageUp: current - page,
    pageDown: current + page,
    first: 0,
    last: count - 1,
  }[move];
  return clampList({ ...state, index: to }, count, height);
}
