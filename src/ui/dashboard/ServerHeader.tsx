import { Box, Text } from 'ink';
import { COLUMNS } from './ServerRow.js';

/** The dashboard's column titles, over the rows (after the list's marker). */
export function ServerHeader({ statusWidth = COLUMNS.status, tokens = false }: { statusWidth?: number; tokens?: boolean }) {
  return (
    <Box>
      <Text bold>{'  '}</Text>
      <Box width={COLUMNS.name} flexShrink={0}><Text bold>NAME</Text></Box>
      <Box width={statusWidth} flexShrink={0}><Text bold>STATUS</Text></Box>
      <Box width={COLUMNS.transport} flexShrink={0}><Text bold>TRANSPORT</Text></Box>
      <Box width={COLUMNS.tools} flexShrink={0} justifyContent="flex-end" marginRight={2}><Text bold>TOOLS</Text></Box>
      {tokens ? <Box width={COLUMNS.tokens} flexShrink={0} justifyContent="flex-end" marginRight={1}><Text bold>TOKENS</Text></Box> : null}
      <Text bold wrap="truncate-end">SOURCE</Text>
    </Box>
  );
}
