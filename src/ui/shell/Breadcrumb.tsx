import { Box, Text } from 'ink';
import { sanitizeLine } from '../../util/sanitize.js';
import { useTheme } from '../theme/ThemeContext.js';

/** Where you are: `mcpdeck › everything › get-sum`. */
export function Breadcrumb({ parts, right }: { parts: string[]; right?: string }) {
  const theme = useTheme();
  return (
    <Box justifyContent="space-between">
      <Text wrap="truncate-end">
        <Text bold color={theme.accent}>mcpdeck</Text>
        {parts.map((p, i) => (
          <Text key={i} bold={i === parts.length - 1}>{` › ${sanitizeLine(p)}`}</Text>
        ))}
      </Text>
      {right ? <Text dimColor>{right}</Text> : null}
    </Box>
  );
}
