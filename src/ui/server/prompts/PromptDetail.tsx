import { Box, Text } from 'ink';
import type { Prompt } from '../../../core/mcp/types.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { Description } from '../../components/Description.js';

/** The selected prompt: description, then each argument (required ones starred). */
export function PromptDetail({ prompt, height }: { prompt: Prompt; height: number }) {
  const theme = useTheme();
  const args = prompt.arguments ?? [];
  const room = Math.max(1, height - 3);
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text wrap="truncate-end">
        <Text bold>{sanitizeLine(prompt.name)}</Text>
        {prompt.title ? <Text dimColor>{`  ${sanitizeLine(prompt.title)}`}</Text> : null}
      </Text>
      <Description text={prompt.description} />
      {args.length ? args.slice(0, room).map((a) => (
        <Text key={a.name} wrap="truncate-end">
          <Text bold>{sanitizeLine(a.name)}</Text>
          <Text color={theme.error}>{a.required ? '*' : ' '}</Text>
          {a.description ? <Text dimColor>{`  ${sanitizeLine(a.description)}`}</Text> : null}
        </Text>
      )) : <Text dimColor>no arguments</Text>}
      {args.length > room ? <Text dimColor>{`… ${args.length - room} more`}</Text> : null}
    </Box>
  );
}
