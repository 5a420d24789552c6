/** A selection in a list of `count` items shown `height` rows at a time. */
export interface ListState {
  index: number;
  offset: number;
}

export type ListMove = 'up' | 'down' | 'pageUp' | 'pageDown' | 'first' | 'last';

export function clampList(state: ListState, count: number, height: number): ListState {
  const rows = Math.max(1, height);
  const index = Math.max(0, Math.min(state.index, count - 1));
  const offset = Math.max(0, Math.min(state.offset, index, Math.max(0, count - rows)), index - rows + 1);
  return index === state.index && offset === state.offset ? state : { index, offset };
}

export function moveList(state: ListState, move: ListMove | { to: number }, count: number, height: number): ListState {
  const page = Math.max(1, height - 1);
  const current = clampList(state, count, height).index;
  const to = typeof move === 'object' ? move.to : {
    up: current - 1,
    down: current + 1,
    pageUp: current - page,
    pageDown: current + page,
    first: 0,
    last: count - 1,
  }[move];
  return clampList({ ...state, index: to }, count, height);
}
