import { Box, Text } from 'ink';
import type { Prompt } from '../../../core/mcp/types.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { Description } from '../../components/Description.js';
import { stackRows } from '../../layout/stack-rows.js';
import { useBodySize } from '../../hooks/useBodySize.js';

/** The selected prompt: description, then each argument (required ones starred). */
export function PromptDetail({ prompt, height }: { prompt: Prompt; height: number }) {
  const theme = useTheme();
  const { columns } = useBodySize();
  const args = prompt.arguments ?? [];
  const { args: room } = stackRows(height, { name: 1, description: 2, args: { min: 1 } });
  // When they do not all fit, the last row says how many more there are.
  const { shown } = stackRows(room, { shown: { min: 1 }, more: args.length > room });
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text wrap="truncate-end">
        <Text bold>{sanitizeLine(prompt.name)}</Text>
        {prompt.title ? <Text dimColor>{`  ${sanitizeLine(prompt.title)}`}</Text> : null}
      </Text>
      <Description text={prompt.description} width={columns} />
      {args.length ? args.slice(0, shown).map((a) => (
        <Text key={a.name} wrap="truncate-end">
          <Text bold>{sanitizeLine(a.name)}</Text>
          <Text color={theme.error}>{a.required ? '*' : ' '}</Text>
          {a.description ? <Text dimColor>{`  ${sanitizeLine(a.description)}`}</Text> : null}
        </Text>
      )) : <Text dimColor>no arguments</Text>}
      {args.length > shown ? <Text dimColor>{`… ${args.length - shown} more`}</Text> : null}
    </Box>
  );
}
