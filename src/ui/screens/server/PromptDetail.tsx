import { Box, Text } from 'ink';
import type { Prompt } from '@modelcontextprotocol/sdk/types.js';
import { sanitize, sanitizeLine } from '../../../util/sanitize.js';
import { useTheme } from '../../theme/ThemeContext.js';

/** The selected prompt: description, then each argument (required ones starred). */
export function PromptDetail({ prompt, height }: { prompt: Prompt; height: number }) {
  const theme = useTheme();
  const description = sanitize(prompt.description ?? '').trim().split('\n').slice(0, 3).join(' ');
  const args = prompt.arguments ?? [];
  const room = Math.max(1, height - 3);
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text wrap="truncate-end">
        <Text bold>{sanitizeLine(prompt.name)}</Text>
        {prompt.title ? <Text dimColor>{`  ${sanitizeLine(prompt.title)}`}</Text> : null}
      </Text>
      <Box height={2} overflow="hidden"><Text dimColor={!description}>{description || '(no description)'}</Text></Box>
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
