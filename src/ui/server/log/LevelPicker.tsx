import { Box, Text } from 'ink';
import type { LoggingLevel } from '../../../core/mcp/types.js';
import { LOG_LEVELS } from '../../../core/servers/log-messages.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { PRIORITY, useKeys } from '../../keys/useKeys.js';
import { useList } from '../../widgets/list/useList.js';
import { ListView } from '../../widgets/list/ListView.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { levelColor } from './LogMessageRow.js';

interface Props {
  server: string;
  current?: LoggingLevel;
  onPick: (level: LoggingLevel) => void;
  onCancel: () => void;
}

/** The eight levels to choose from; above the pane, so enter and esc are its own. */
export function LevelPicker({ server, current, onPick, onCancel }: Props) {
  const theme = useTheme();
  const list = useList(LOG_LEVELS.length, LOG_LEVELS.length);
  const level = LOG_LEVELS[list.index];
  useKeys(['log', 'list', 'global'], {
    ...list.handlers,
    ...(level && { pickLevel: () => onPick(level) }),
    back: onCancel,
  }, { priority: PRIORITY.widget });
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">{`Ask ${sanitizeLine(server)} to send log messages at this level and above:`}</Text>
      <ListView
        items={LOG_LEVELS}
        list={list}
        render={(l, selected) => (
          <Text>
            <Text color={levelColor(theme, l)} bold={selected}>{l}</Text>
            {l === current ? <Text dimColor> (current)</Text> : null}
          </Text>
        )}
      />
    </Box>
  );
}
