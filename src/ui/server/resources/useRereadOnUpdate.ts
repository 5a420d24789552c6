import { useEffect, useRef } from 'react';

/** At most one re-read a second: a server that updates a resource constantly cannot keep us reading it. */
const REREAD_GAP = 1000;

/**
 * Calls `reread` when `updates` (a watched resource's update count) grows while
 * `active`. Updates closer together than `gap` are read once, at the end of the
 * gap, so the last one is never missed.
 */
export function useRereadOnUpdate(updates: number | undefined, active: boolean, reread: () => void, gap = REREAD_GAP): void {
  const latest = useRef(reread);
  const seen = useRef(updates);
  const last = useRef(0);
  useEffect(() => {
    latest.current = reread;
  });
  useEffect(() => {
    // A count that appears (a new watch) or changes while nothing is open is not an update to read.
    const grew = active && updates !== undefined && seen.current !== undefined && updates > seen.current;
    seen.current = updates;
    if (!grew) return;
    const timer = setTimeout(() => {
      last.current = Date.now();
      latest.current();
    }, Math.max(0, last.current + gap - Date.now()));
    return () => clearTimeout(timer);
  }, [updates, active, gap]);
}
