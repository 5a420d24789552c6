/** Ink holds a lone Esc 20 ms, in case an escape sequence follows it: a little longer. */
const ESC_HOLD_MS = 30;

/**
 * Waits until Ink has read `key`, just written: on the next tick, and a lone Esc once
 * nothing came after it for Ink's hold (what comes sooner is read with it, as a terminal's
 * Alt+key). A person's next key comes later than either.
 */
export const keyRead = (key: string) => new Promise((resolve) => (key === '\x1b' ? setTimeout(resolve, ESC_HOLD_MS) : setImmediate(resolve)));
