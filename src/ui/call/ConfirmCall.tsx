import { Box, Text } from 'ink';
import { boundedJson } from '../../core/calls/bounded-json.js';
import type { ToolInfo } from '../../core/servers/tools.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { truncate } from '../../util/text.js';
import { useKeys } from '../keys/useKeys.js';
import { useTheme } from '../theme/ThemeContext.js';

interface Props {
  tool: ToolInfo;
  args: Record<string, unknown>;
  width: number;
  onYes: () => void;
  onNo: () => void;
}

/** Asks before a tool that may destroy is called: nothing is sent until `y`. */
export function ConfirmCall({ tool, args, width, onYes, onNo }: Props) {
  const theme = useTheme();
  useKeys(['confirm'], { yes: onYes, no: onNo });
  const declared = tool.annotations?.destructiveHint === true;
  // Only what the line shows is written: pasted arguments may be megabytes, or thousands of levels deep.
  const shown = Math.max(10, width * 2);
  const why = declared
    ? 'The server declares this tool destructive (destructiveHint: true).'
    : 'The server does not declare this tool read-only, so by the spec\'s defaults it may be destructive.';
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text color={theme.warning} bold>{`${sanitizeLine(tool.name)} may change or delete data.`}</Text>
      <Text>{why}</Text>
      <Text dimColor>Annotations are hints from the server, not guarantees: a tool marked safe may still do harm.</Text>
      <Text wrap="truncate-end">{`arguments: ${truncate(sanitizeLine(boundedJson(args, 0, shown + 1).text), shown)}`}</Text>
      <Box marginTop={1}>
        <Text bold>Send this call? </Text>
        <Text color={theme.key} bold>y</Text>
        <Text> yes · </Text>
        <Text color={theme.key} bold>n</Text>
        <Text> no, back to the form</Text>
      </Box>
    </Box>
  );
}
