import { Box, Text } from 'ink';
import type { Hint } from '../keys/dispatcher.js';
import { showKey } from '../keys/key-name.js';
import { PRIORITY, useKeys } from '../hooks/useKeys.js';
import { useBodySize } from '../hooks/useBodySize.js';
import { useList } from '../widgets/list/useList.js';
import { ListView } from '../widgets/list/ListView.js';
import { useTheme } from '../theme/ThemeContext.js';

const keysOf = (h: Hint) => h.all.map(showKey).join(' ');

/**
 * Every key of the screen it was opened on, from the same table as the footer. On a
 * short terminal the list scrolls rather than losing rows.
 */
export function HelpScreen({ hints, onClose }: { hints: Hint[]; onClose: () => void }) {
  const theme = useTheme();
  const size = useBodySize();
  // The border, the title and the closing line take four rows; ListView's scroll line one more.
  const list = useList(hints.length, Math.max(1, size.rows - 5));
  useKeys(['help', 'list'], { close: onClose, ...list.handlers }, { priority: PRIORITY.modal, capture: true });
  const width = Math.max(...hints.map((h) => keysOf(h).length), 4) + 2;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.border} paddingX={1} flexShrink={0}>
      <Text bold>Keys on this screen</Text>
      <ListView
        items={hints}
        list={list}
        render={(h) => (
          <Box>
            <Box width={width} flexShrink={0}>
              <Text color={theme.key} bold>{keysOf(h)}</Text>
            </Box>
            <Text wrap="truncate-end">{h.description}</Text>
          </Box>
        )}
      />
      <Text dimColor>esc, ? or q closes this help.</Text>
    </Box>
  );
}
