import { RE2JS } from 're2js';

/**
 * Ajv's `code.regExp`: a server's `pattern` and `patternProperties` run on RE2 (its
 * pure-JS port), whose matching time grows linearly with the input. V8's backtracking
 * engine takes minutes on `^(a+)+$` against 34 a's and a "!", and cannot be stopped
 * while it runs: not by a timeout, not by `q`, not by SIGTERM. The native `re2` binding
 * would need a compiler at install time and cannot go into the bundle.
 */
export const linearRegExp = Object.assign(
  (pattern: string, flags: string): { test: (input: string) => boolean } => {
    let re: RE2JS;
    try {
      re = RE2JS.compile(RE2JS.translateRegExp(pattern), flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0);
    } catch (error) {
      throw new UnsupportedPattern(pattern, (error as Error).message);
    }
    return { test: (input: string) => re.test(input) };
  },
  // Only for Ajv's standalone code, which mcpdeck never generates.
  { code: 'linearRegExp' },
);

/** A pattern RE2 cannot run: backreferences and lookaround need backtracking. */
export class UnsupportedPattern extends Error {
  constructor(pattern: string, why: string) {
    const shown = pattern.length > 60 ? `${pattern.slice(0, 59)}…` : pattern;
    super(`the pattern ${JSON.stringify(shown)} cannot be checked: mcpdeck runs patterns on a linear-time engine (RE2), ` +
      `which has no backreferences or lookaround (${why.replace(/^error parsing regexp: /, '')})`);
  }
}

const runs = (pattern: string) => {
  try {
    RE2JS.compile(RE2JS.translateRegExp(pattern));
    return true;
  } catch {
    return false;
  }
};

/**
 * The schema without the `pattern`s (and `patternProperties` entries) RE2 cannot run,
 * copied where it changes; the rest of it can still be checked.
 */
export function withoutUncheckablePatterns<T>(schema: T): { schema: T; dropped: string[] } {
  const dropped: string[] = [];
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node !== 'object' || node === null) return node;
    // fromEntries defines keys (a `__proto__` key stays a key), where assignment would not.
    return Object.fromEntries(Object.entries(node).flatMap(([key, value]): [string, unknown][] => {
      if (key === 'pattern' && typeof value === 'string' && !runs(value)) return (dropped.push(value), []);
      if (key === 'patternProperties' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
        return [[key, Object.fromEntries(Object.entries(value).filter(([p]) => runs(p) || (dropped.push(p), false)).map(([p, v]) => [p, walk(v)]))]];
      }
      return [[key, walk(value)]];
    }));
  };
  return { schema: walk(schema) as T, dropped };
}
