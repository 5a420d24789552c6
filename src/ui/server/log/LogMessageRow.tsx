import { Text } from 'ink';
import type { LoggingLevel } from '../../../core/mcp/types.js';
import type { LogEntry } from '../../../core/servers/log-messages.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useTheme } from '../../theme/ThemeContext.js';
import type { Theme } from '../../theme/theme.js';
import { clock, dataLine } from './log-format.js';

/** Long data is cut before it is sanitized: only one row of it is ever shown. */
const MAX_DATA = 1000;

export function levelColor(theme: Theme, level: LoggingLevel): string | undefined {
  switch (level) {
    case 'debug': return theme.muted;
    case 'info': return undefined;
    case 'notice': return theme.accent;
    case 'warning': return theme.warning;
    default: return theme.error;
  }
}

/** `time level logger data` on one row. */
export function LogMessageRow({ entry, selected }: { entry: LogEntry; selected: boolean }) {
  const theme = useTheme();
  const data = typeof entry.data === 'string' ? entry.data.slice(0, MAX_DATA) : entry.data;
  return (
    <Text wrap="truncate-end">
      <Text dimColor>{`${clock(entry.time)} `}</Text>
      <Text color={levelColor(theme, entry.level)} bold={selected}>{entry.level.padEnd(10)}</Text>
      {entry.logger !== undefined ? <Text color={theme.accent}>{`${sanitizeLine(entry.logger.slice(0, 40))} `}</Text> : null}
      <Text>{dataLine(data).slice(0, MAX_DATA)}</Text>
    </Text>
  );
}
