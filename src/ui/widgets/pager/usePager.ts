import { useMemo, useRef, useState } from 'react';
import type { Handlers } from '../../keys/dispatcher.js';
import { before, findMatches, lastTop, pagerText, scroll, splitLines, wrapLines, type Match, type Position, type Rows } from './pager-model.js';

export interface PagerState {
  lines: string[];
  /** The lines cut into rows of `width`. */
  rows: Rows;
  /** The length of the whole text when the pager holds only its start. */
  total?: number;
  top: Position;
  width: number;
  height: number;
  needle: string;
  /** Every occurrence of the needle (up to PAGER_LIMITS.matches). */
  matches: Match[];
  /** Which match is current, or -1. */
  current: number;
  search: (needle: string) => void;
  handlers: Handlers;
}

/** Scrolling and search over a text; the view draws `height` rows of `width` from `top`. */
export function usePager(text: string, width: number, height: number): PagerState {
  const held = useMemo(() => pagerText(text), [text]);
  const lines = useMemo(() => splitLines(held.text), [held]);
  const rows = useMemo(() => wrapLines(lines, width), [lines, width]);
  const [top, setTop] = useState<Position>({ line: 0, row: 0 });
  const [needle, setNeedle] = useState('');
  const [current, setCurrent] = useState(-1);
  // One scan per search: the render after it reuses what `search` found.
  const found = useRef<{ lines: string[]; needle: string; matches: Match[] }>(undefined);
  const matchesOf = (n: string) => {
    const last = found.current;
    if (last?.lines === lines && last.needle === n) return last.matches;
    found.current = { lines, needle: n, matches: findMatches(lines, n) };
    return found.current.matches;
  };
  const matches = matchesOf(needle);
  const clamp = (p: Position) => {
    const last = lastTop(rows, height);
    return before(last, p) ? last : p;
  };
  const by = (delta: number) => setTop((t) => clamp(scroll(rows, t, delta)));
  // The wrapped row that holds a match goes to the top of the view (or as near as the end allows).
  const rowOf = (m: Match): Position => ({ line: m.line, row: rows.rowAt(m.line, m.at) });
  const goTo = (index: number) => {
    if (!matches.length) return;
    const i = (index + matches.length) % matches.length;
    setCurrent(i);
    setTop(clamp(rowOf(matches[i]!)));
  };
  const search = (next: string) => {
    setNeedle(next);
    const hits = matchesOf(next);
    const i = hits.findIndex((m) => !before(rowOf(m), top));
    const pick = i === -1 ? 0 : i;
    setCurrent(hits.length ? pick : -1);
    if (hits.length) setTop(clamp(rowOf(hits[pick]!)));
  };
  const handlers: Handlers = {
    up: () => by(-1),
    down: () => by(1),
    pageUp: () => by(-(height - 1)),
    pageDown: () => by(height - 1),
    first: () => setTop({ line: 0, row: 0 }),
    last: () => setTop(lastTop(rows, height)),
    ...(matches.length && { nextMatch: () => goTo(current + 1), prevMatch: () => goTo(current - 1) }),
  };
  return { lines, rows, total: held.total, top, width, height, needle, matches, current, search, handlers };
}
