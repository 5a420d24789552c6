import { normalizeEntry } from './normalize.js';
import type { ConfigIssue, ScopeKind } from './types.js';

/** What a server may be called in mcpdeck's own files. */
export const SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

export function nameProblem(name: string): string | undefined {
  return SERVER_NAME.test(name) ? undefined : `"${name}" is not a usable name: use the letters a-z and A-Z, digits, ".", "_" and "-", starting with a letter or digit`;
}

/**
 * Checks an entry before it is written (`mcpdeck add`, the deck's form): errors that
 * would make it unusable, and warnings. An unset environment variable is only a warning:
 * it may be set where the server runs.
 */
export function checkEntry(name: string, entry: Record<string, unknown>, scope: ScopeKind, env: NodeJS.ProcessEnv): { errors: string[]; warnings: ConfigIssue[] } {
  const checked = normalizeEntry(name, entry, { kind: scope, label: scope }, env);
  const errors = checked.issues.filter((i) => i.severity === 'error' && !/environment variable/.test(i.message));
  const warnings = checked.issues.filter((i) => !errors.includes(i)).map((i) => ({ ...i, severity: 'warning' as const }));
  return { errors: errors.map((i) => i.message), warnings };
}
