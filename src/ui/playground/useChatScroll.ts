import { useState } from 'react';

export interface ChatScroll {
  /** The first row in view. */
  start: number;
  up: () => void;
  down: () => void;
  /** Back to following the end, as new rows come. */
  follow: () => void;
  /** Brings row `at` into view. */
  show: (at: number) => void;
  /** `↑12 ↓3 (PgUp/PgDn)`, or nothing when all is in view. */
  label: string;
}

/**
 * Which rows of a growing conversation are in view: the end, as it grows, until the person
 * scrolls up; then the same rows stay put while new ones arrive below, until they scroll
 * back down to the end.
 */
export function useChatScroll(total: number, height: number): ChatScroll {
  // null: follow the end.
  const [top, setTop] = useState<number | null>(null);
  const last = Math.max(0, total - height);
  const start = top === null ? last : Math.min(top, last);
  const page = Math.max(1, height - 1);
  const to = (row: number) => setTop(row >= last ? null : Math.max(0, row));
  const below = total - start - height;
  const label = start || below > 0 ? `${[start ? `↑${start}` : '', below > 0 ? `↓${below}` : ''].filter(Boolean).join(' ')} (PgUp/PgDn)` : '';
  return {
    start,
    up: () => to(start - page),
    down: () => to(start + page),
    follow: () => setTop(null),
    show: (at) => {
      if (at < start) to(at);
      else if (at >= start + height) to(at - height + 1);
    },
    label,
  };
}
