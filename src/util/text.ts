/** Cuts text to `max` characters, marking the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}

/** A size as a person reads it: `512 bytes`, `3.9 KB`, `10.0 MB`. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** A duration as a person reads it: `840 ms`, `2.35 s`, `61.0 s`. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/**
 * A whole number with thousands marked: `12,345`. Written out rather than
 * `toLocaleString('en-US')`, whose first call spends ~9 ms loading ICU's number formats
 * while the deck draws its first frames.
 */
export function formatCount(n: number): string {
  const [whole, fraction] = String(n).split('.');
  const marked = whole!.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? marked : `${marked}.${fraction}`;
}

/** "1 tool", "3 tools": a count and its noun (plurals with an s). */
export function countOf(n: number, noun: string): string {
  return `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`;
}

/**
 * How many of `words` (joined by single spaces) fit in `max` columns, with room for an
 * ending `…` when not all of them do; at least `least`, however narrow.
 */
export function wordsThatFit(words: readonly string[], max: number, least = 0): number {
  const width = (n: number) => [...words.slice(0, n).join(' ')].length + (n < words.length ? 1 : 0);
  let n = words.length;
  while (n > least && width(n) > max) n--;
  return n;
}

/** `words` cut after the last whole word that fits in `max` columns, the cut marked with `…`. */
export function cutWords(text: string, max: number, least = 0): string {
  const words = text.split(' ');
  const n = wordsThatFit(words, max, least);
  return n < words.length ? `${words.slice(0, n).join(' ')}…` : text;
}
