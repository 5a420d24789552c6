import { Box, Text } from 'ink';
import type { Theme } from '../theme/theme.js';
import { useTheme } from '../theme/ThemeContext.js';
import { LABEL, type ChatRow, type Tone } from './chat-rows.js';

const colorOf = (theme: Theme, tone: Tone | undefined) =>
  tone === 'user' ? theme.accent : tone === 'tool' ? theme.key : tone === 'error' ? theme.error : tone === 'warning' ? theme.warning : tone === 'success' ? theme.success : undefined;

interface Props {
  rows: readonly ChatRow[];
  /** The first row in view. */
  start: number;
  height: number;
  /** The tool call picked (its id), marked. */
  picked?: string;
}

/** The conversation's rows in view: the speaker on the first row of each turn, a picked tool call in reverse video. */
export function ChatLog({ rows, start, height, picked }: Props) {
  const theme = useTheme();
  const shown = rows.slice(start, start + height);
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      {rows.length ? null : <Text dimColor>Write a message below: the model answers, and calls the tools when it wants to.</Text>}
      {shown.map((row, i) => (
        <Text key={start + i} wrap="truncate-end">
          <Text bold color={colorOf(theme, row.labelTone)}>{(row.label ?? '').padEnd(LABEL)}</Text>
          <Text color={colorOf(theme, row.tone)} dimColor={row.tone === 'muted'} inverse={row.call !== undefined && row.call === picked}>{row.text}</Text>
        </Text>
      ))}
    </Box>
  );
}
