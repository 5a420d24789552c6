import { useEffect, useRef, useState } from 'react';

export interface Request {
  /** What is running now, for the status line. */
  busy?: string;
  error?: string;
  /** Starts `fn` (cancelling any earlier one); `done` gets its value unless it was cancelled. */
  run: <T>(label: string, fn: (signal: AbortSignal) => Promise<T>, done: (value: T) => void) => void;
  cancel: () => void;
  /** Shows a failure that did not come from a request (a template that does not parse). */
  fail: (message: string) => void;
  clearError: () => void;
}

/** One request at a time from a tab: never blocks the screen, esc can cancel it, an unmount aborts it. */
export function useRequest(): Request {
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  const current = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => current.current?.abort(), []);
  const settle = (controller: AbortController) => {
    if (current.current !== controller) return false;
    current.current = undefined;
    setBusy(undefined);
    return true;
  };
  return {
    busy,
    error,
    run: (label, fn, done) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      setBusy(label);
      setError(undefined);
      fn(controller.signal).then(
        (value) => settle(controller) && done(value),
        (e: unknown) => settle(controller) && setError(`${label} failed: ${e instanceof Error ? e.message : String(e)}`),
      );
    },
    cancel: () => {
      current.current?.abort();
      current.current = undefined;
      setBusy(undefined);
    },
    fail: setError,
    clearError: () => setError(undefined),
  };
}
