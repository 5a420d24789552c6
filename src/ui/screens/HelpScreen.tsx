import { Box, Text } from 'ink';
import type { Hint } from '../keys/dispatcher.js';
import { showKey } from '../keys/key-name.js';
import { PRIORITY, useKeys } from '../hooks/useKeys.js';
import { useTheme } from '../theme/ThemeContext.js';

/** Every key of the screen it was opened on, from the same table as the footer. */
export function HelpScreen({ hints, onClose }: { hints: Hint[]; onClose: () => void }) {
  const theme = useTheme();
  useKeys(['help'], { close: onClose }, { priority: PRIORITY.modal, capture: true });
  const keysOf = (h: Hint) => h.all.map(showKey).join(' ');
  const width = Math.max(...hints.map((h) => keysOf(h).length), 4) + 2;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.border} paddingX={1}>
      <Text bold>Keys on this screen</Text>
      {hints.map((h) => (
        <Box key={h.command}>
          <Box width={width} flexShrink={0}>
            <Text color={theme.key} bold>{keysOf(h)}</Text>
          </Box>
          <Text>{h.description}</Text>
        </Box>
      ))}
      <Text dimColor>esc, ? or q closes this help.</Text>
    </Box>
  );
}
