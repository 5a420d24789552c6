import { sanitizeLine } from '../../util/sanitize.js';
import type { ServerState } from './state.js';
import { STATUS, type ServerStatus } from './status.js';
import type { RestartState } from './supervisor.js';

/** "3 connected · 1 failed · 1 needs sign-in", in the order the statuses first appear. */
export function statusSummary(statuses: readonly ServerStatus[]): string {
  const counts = new Map<string, number>();
  for (const s of statuses) counts.set(STATUS[s].word, (counts.get(STATUS[s].word) ?? 0) + 1);
  return [...counts].map(([word, n]) => `${n} ${word}`).join(' · ');
}

/**
 * The supervisor's part of a badge: "restarting 2/5 in 8s" while a try is due,
 * "restart 2/5" while it runs, "gave up after 5 tries" once the loop stopped.
 */
export function restartNote(restart: RestartState | undefined, status: ServerStatus, now = Date.now()): string | undefined {
  if (!restart) return undefined;
  const { kind, attempt, tries, at } = restart;
  if (at !== undefined) return `${kind}ing ${attempt}/${tries} in ${Math.max(0, Math.ceil((at - now) / 1000))}s`;
  if (status === 'connecting') return `${kind} ${attempt}/${tries}`;
  return status === 'failed' ? `gave up after ${tries} tries` : undefined;
}

/** "2026-07-28 (current)" or "2025-11-25 (2025 era)": the revision and which generation it is. */
export function protocolLabel(server: Pick<ServerState, 'protocolVersion' | 'protocolEra'>): string {
  const era = server.protocolEra === 'modern' ? 'current' : server.protocolEra === 'legacy' ? '2025 era' : undefined;
  return `${sanitizeLine(server.protocolVersion ?? '?')}${era ? ` (${era})` : ''}`;
}
