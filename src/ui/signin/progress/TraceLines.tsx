import { Text } from 'ink';
import { useTheme } from '../../theme/ThemeContext.js';
import type { TraceRow, TraceTone } from './trace-rows.js';

/** Rows from traceRows: passed steps plain, failures in the error colour, fixes after an arrow. */
export function TraceLines({ rows }: { rows: readonly TraceRow[] }) {
  const theme = useTheme();
  const color: Record<TraceTone, string | undefined> = { ok: undefined, failed: theme.error, fix: theme.warning, info: undefined, muted: undefined };
  return (
    <>
      {rows.map((row, i) => (
        <Text key={i} wrap="truncate-end" color={color[row.tone]} dimColor={row.tone === 'muted' || row.tone === 'info'}>{row.text}</Text>
      ))}
    </>
  );
}
