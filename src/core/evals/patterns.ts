import { linearRegExp } from '../schema/linear-regexp.js';

/**
 * Patterns in eval files come from files (maybe a cloned repository's) and are run on what
 * a model wrote: both untrusted, so they run on RE2 (linear time), as schema patterns do.
 */
export type Pattern = { test: (input: string) => boolean };

/** `/pattern/` or `/pattern/i` in an argument expectation: the pattern and its flags; undefined for a plain string. */
export function slashPattern(text: string): { source: string; flags: string } | undefined {
  const found = /^\/(.*)\/([a-z]*)$/s.exec(text);
  return found ? { source: found[1]!, flags: found[2]! } : undefined;
}

/** Compiles a pattern; throws a sentence naming what is wrong (flags other than `i`, syntax RE2 cannot run). */
export function compilePattern(source: string, flags = ''): Pattern {
  const unknown = flags.replace('i', '');
  if (unknown) throw new Error(`the pattern /${source}/${flags} has flags other than "i" (${unknown})`);
  return linearRegExp(source, flags);
}

/** Every pattern in an argument expectation, with where it is (`message`, `items.0`), for checking a file as it is read. */
export function patternsIn(value: unknown, path: string[] = []): { path: string[]; text: string }[] {
  if (typeof value === 'string') return slashPattern(value) ? [{ path, text: value }] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => patternsIn(v, [...path, String(i)]));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => patternsIn(v, [...path, k]));
  return [];
}
