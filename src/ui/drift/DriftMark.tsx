import { Text } from 'ink';
import { driftSummary, type DriftItem, type KindDrift, type ServerDrift } from '../../core/drift/compare.js';
import { useTheme } from '../theme/ThemeContext.js';

/** The mark of each change, as the lists and the help say: + new, ~ changed, ! changed and called before. */
const DRIFT_MARKS = { new: '+', changed: '~', called: '!' } as const;

/** Two columns before a list row: how the item differs from the accepted definitions (blank when it does not). */
export function DriftMark({ item }: { item?: DriftItem }) {
  const theme = useTheme();
  if (!item || item.change === 'removed') return <Text>{'  '}</Text>;
  if (item.called) return <Text color={theme.error} bold>{`${DRIFT_MARKS.called} `}</Text>;
  return <Text color={item.change === 'new' ? theme.success : theme.warning} bold>{`${DRIFT_MARKS[item.change]} `}</Text>;
}

/** The list's note for its drift: what changed, what went (removed items have no row), where to see it. */
function driftNote(drift: KindDrift | undefined): string | undefined {
  if (!drift) return undefined;
  const counts = (['changed', 'new'] as const).filter((c) => drift.counts[c]).map((c) => `${drift.counts[c]} ${c}`);
  const removed = drift.removed.length ? [`removed: ${drift.removed.join(', ')}`] : [];
  return `since you accepted them: ${[...counts, ...removed].join(', ')} · D: diff`;
}

/** A list's own note and its drift note, on one row. */
export const withDriftNote = (note: string | undefined, drift: KindDrift | undefined) => [note, driftNote(drift)].filter(Boolean).join(' · ') || undefined;

/** One line for a server's drift (its screen, the dashboard's pane): what changed, any called tool, the key. */
export function driftHeadline(drift: ServerDrift): string {
  const called = drift.calledChanged ? ` (${drift.calledChanged} you called before)` : '';
  return `⚠ definitions changed since accepted: ${driftSummary(drift)}${called} · D: diff`;
}
