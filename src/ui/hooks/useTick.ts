import { useEffect, useState } from 'react';

/** A counter that advances every `ms` while enabled: for spinners and elapsed time. */
export function useTick(ms: number, enabled = true): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setTick((t) => t + 1), ms);
    return () => clearInterval(timer);
  }, [ms, enabled]);
  return tick;
}
