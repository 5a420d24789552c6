import type { ServerStatus } from './state.js';

/** Each status as a glyph and a word: the same in the CLI and the TUI. */
export const STATUS_LABEL: Record<ServerStatus, { glyph: string; word: string }> = {
  connected: { glyph: '✓', word: 'connected' },
  connecting: { glyph: '◌', word: 'connecting' },
  pending: { glyph: '…', word: 'pending' },
  failed: { glyph: '✗', word: 'failed' },
  'needs-auth': { glyph: '!', word: 'needs sign-in' },
  disabled: { glyph: '⊘', word: 'disabled' },
};

/** "3 connected · 1 failed · 1 needs sign-in", in the order the statuses first appear. */
export function statusSummary(statuses: readonly ServerStatus[]): string {
  const counts = new Map<string, number>();
  for (const s of statuses) counts.set(STATUS_LABEL[s].word, (counts.get(STATUS_LABEL[s].word) ?? 0) + 1);
  return [...counts].map(([word, n]) => `${n} ${word}`).join(' · ');
}
