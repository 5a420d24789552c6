import { Box, Text } from 'ink';
import { useTheme } from '../../theme/ThemeContext.js';

export interface AnswerButton {
  label: string;
  key: string;
}

/** The ways to answer, always in view: a button and its key each; they wrap whole. */
export function AnswerLine({ buttons }: { buttons: AnswerButton[] }) {
  const theme = useTheme();
  return (
    <Box flexWrap="wrap" columnGap={3} flexShrink={0}>
      {buttons.map((b) => (
        <Text key={b.label}>
          <Text bold color={theme.accent}>{`[ ${b.label} ]`}</Text>
          <Text color={theme.key}>{` ${b.key}`}</Text>
        </Text>
      ))}
    </Box>
  );
}

/** Every prompt offers these two. */
export const DECLINE: AnswerButton = { label: 'Decline', key: 'ctrl+x' };
export const CANCEL: AnswerButton = { label: 'Cancel', key: 'esc' };
