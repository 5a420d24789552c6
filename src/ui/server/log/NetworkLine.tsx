import { Box, Text } from 'ink';
import type { HttpExchange } from '../../../core/network/network-log.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { clock } from './log-format.js';
import { shortUrl, sizeAndTime, statusWord } from './network-format.js';

/** `POST 200 host/path · size · time` for one HTTP exchange. */
export function NetworkLine({ row, selected }: { row: HttpExchange; selected: boolean }) {
  const theme = useTheme();
  const status = row.status;
  const color = status === undefined ? (row.error ? theme.error : undefined) : status >= 400 ? theme.error : status >= 300 ? theme.warning : theme.success;
  return (
    <Box flexGrow={1}>
      <Box width={8} flexShrink={0}><Text bold={selected}>{row.method}</Text></Box>
      <Box width={7} flexShrink={0}><Text color={color}>{statusWord(row)}</Text></Box>
      <Box flexGrow={1} flexBasis={0}><Text wrap="truncate-end" bold={selected}>{shortUrl(row)}</Text></Box>
      <Box width={26} flexShrink={0} paddingLeft={1} justifyContent="flex-end"><Text>{sizeAndTime(row)}</Text></Box>
      <Box width={14} flexShrink={0} justifyContent="flex-end"><Text dimColor>{clock(row.started)}</Text></Box>
    </Box>
  );
}
