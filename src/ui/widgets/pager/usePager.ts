import { useMemo, useState } from 'react';
import type { Handlers } from '../../keys/dispatcher.js';
import { before, findMatches, lastTop, scroll, splitLines, type Position } from './pager-model.js';

export interface PagerState {
  lines: string[];
  top: Position;
  width: number;
  height: number;
  needle: string;
  matches: number[];
  /** Which match is current, or -1. */
  current: number;
  search: (needle: string) => void;
  handlers: Handlers;
}

/** Scrolling and search over a text; the view draws `height` rows of `width` from `top`. */
export function usePager(text: string, width: number, height: number): PagerState {
  const lines = useMemo(() => splitLines(text), [text]);
  const [top, setTop] = useState<Position>({ line: 0, row: 0 });
  const [needle, setNeedle] = useState('');
  const [current, setCurrent] = useState(-1);
  const matches = useMemo(() => findMatches(lines, needle), [lines, needle]);
  const clamp = (p: Position) => {
    const last = lastTop(lines, height, width);
    return before(last, p) ? last : p;
  };
  const by = (delta: number) => setTop((t) => clamp(scroll(lines, t, delta, width)));
  const goTo = (index: number) => {
    if (!matches.length) return;
    const i = (index + matches.length) % matches.length;
    setCurrent(i);
    setTop(clamp({ line: matches[i]!, row: 0 }));
  };
  const search = (next: string) => {
    setNeedle(next);
    const found = findMatches(lines, next);
    const i = found.findIndex((line) => line >= top.line);
    const pick = i === -1 ? 0 : i;
    setCurrent(found.length ? pick : -1);
    if (found.length) setTop(clamp({ line: found[pick]!, row: 0 }));
  };
  const handlers: Handlers = {
    up: () => by(-1),
    down: () => by(1),
    pageUp: () => by(-(height - 1)),
    pageDown: () => by(height - 1),
    first: () => setTop({ line: 0, row: 0 }),
    last: () => setTop(lastTop(lines, height, width)),
    ...(matches.length && { nextMatch: () => goTo(current + 1), prevMatch: () => goTo(current - 1) }),
  };
  return { lines, top, width, height, needle, matches, current, search, handlers };
}
