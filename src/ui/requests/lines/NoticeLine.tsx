import { Box, Text } from 'ink';
import type { Notice } from '../../../core/elicitation/types.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { clipRows, wrapRows } from '../../widgets/text/wrap.js';

const MAX_ROWS = 2;
const MARK: Record<NonNullable<Notice['kind']>, string> = { withdrawn: '⊘', completed: '✓', failed: '✗', reloaded: '↻' };

/** The rows a notice takes at this width. */
export function noticeRows(notice: Notice | undefined, columns: number): number {
  return notice ? Math.min(MAX_ROWS, wrapRows(`x ${notice.text}`, columns).length) : 0;
}

/** A request a server withdrew, a page that completed, the configuration read again: under the breadcrumb, for a few seconds. */
export function NoticeLine({ notice, columns }: { notice: Notice; columns: number }) {
  const theme = useTheme();
  const tone = notice.kind === 'completed' || notice.kind === 'reloaded' ? theme.success : notice.kind === 'failed' ? theme.error : theme.warning;
  const rows = clipRows(wrapRows(`${MARK[notice.kind ?? 'withdrawn']} ${notice.text}`, columns), MAX_ROWS);
  return (
    <Box flexDirection="column" flexShrink={0}>
      {rows.map((row, i) => <Text key={i} color={tone} wrap="truncate-end">{row}</Text>)}
    </Box>
  );
}

/** For the breadcrumb: pages the person was sent to that have not said they are done. */
export function openUrlsLabel(count: number): string | undefined {
  return count ? `↗ ${count} page${count === 1 ? '' : 's'} open` : undefined;
}
