import { canonicalize, structuredPatch } from 'diff';

/** Lines of context around each change. */
const CONTEXT = 3;

/**
 * A unified diff of two texts, line by line: `-` for what was expected, `+` for what
 * came, with a few lines of context. Empty when they are the same.
 */
export function textDiff(expected: string, actual: string): string {
  const patch = structuredPatch('expected', 'actual', withEnd(expected), withEnd(actual), '', '', { context: CONTEXT });
  if (!patch.hunks.length) return '';
  const hunks = patch.hunks.map((h) => [`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`, ...h.lines.filter((l) => !l.startsWith('\\'))].join('\n'));
  return ['--- expected', '+++ actual', ...hunks].join('\n');
}

// Without a final line break on both sides, a last line that differs only there shows as a change of nothing.
const withEnd = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/** JSON with keys sorted, so a diff shows what differs, not the order keys came in. */
function canonicalJson(value: unknown): string {
  return value === undefined ? '(none)' : JSON.stringify(canonicalize(value, [], [], (_k: string, v: unknown) => v), null, 2);
}

/** A diff of two JSON values (keys in sorted order); undefined when they are equal. */
export function jsonDiff(expected: unknown, actual: unknown): string | undefined {
  const a = canonicalJson(expected);
  const b = canonicalJson(actual);
  return a === b ? undefined : textDiff(a, b);
}
