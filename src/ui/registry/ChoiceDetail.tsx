import { Box, Text } from 'ink';
import { sanitizeLine } from '../../util/sanitize.js';
import { useTheme } from '../theme/ThemeContext.js';
import { stackRows } from '../layout/stack-rows.js';
import { clipRows, wrapRows } from '../widgets/text/wrap.js';

interface Props {
  variables: readonly string[];
  /** The command line (or URL) mcpdeck would run, or why it cannot. */
  runs: string;
  error: boolean;
  width: number;
  height: number;
}

/** What the selected package or remote asks for (a line each) and the exact command line, in `height` rows. */
export function ChoiceDetail({ variables, runs, error, width, height }: Props) {
  const theme = useTheme();
  const command = wrapRows(error ? runs : `$ ${runs}`, width);
  const asks = variables.length ? ['asks for (* required):', ...variables.map((v) => `  ${sanitizeLine(v)}`)] : ['asks for nothing'];
  // The command line's first two rows first, then the variables, then the rest of the command line.
  const head = Math.min(2, command.length);
  const rows = stackRows(height, { title: 1, runs: { min: head, max: head }, asks: { max: asks.length }, more: { max: command.length - head } });
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      {clipRows(asks, rows.asks).map((line, i) => <Text key={`a${i}`} dimColor={!i} wrap="truncate-end">{line}</Text>)}
      <Text dimColor>{error ? 'mcpdeck cannot run it:' : 'mcpdeck would run:'}</Text>
      {clipRows(command, rows.runs + rows.more).map((line, i) => <Text key={`r${i}`} color={error ? theme.error : theme.accent} wrap="truncate-end">{line}</Text>)}
    </Box>
  );
}
