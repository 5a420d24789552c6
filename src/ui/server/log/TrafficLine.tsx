import { Box, Text } from 'ink';
import type { TrafficRow } from '../../../core/servers/traffic-log.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { formatBytes, truncate } from '../../../util/text.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { ARROW, clock, trafficLabel } from './log-format.js';

/** `→ method · id · size · time · trace` for one JSON-RPC message. */
export function TrafficLine({ row, selected }: { row: TrafficRow; selected: boolean }) {
  const theme = useTheme();
  const id = row.id === undefined ? '' : `#${truncate(sanitizeLine(String(row.id)), 8)}`;
  return (
    <Box flexGrow={1}>
      <Box flexShrink={0}><Text color={row.direction === 'out' ? theme.accent : theme.success}>{`${ARROW[row.direction]} `}</Text></Box>
      <Box flexGrow={1} flexBasis={0}>
        <Text wrap="truncate-end" bold={selected} color={row.kind === 'error' ? theme.error : undefined} dimColor={row.kind === 'response'}>
          {trafficLabel(row)}
        </Text>
      </Box>
      <Box width={10} flexShrink={0} justifyContent="flex-end"><Text dimColor>{id}</Text></Box>
      <Box width={11} flexShrink={0} paddingLeft={1} justifyContent="flex-end"><Text>{formatBytes(row.size)}</Text></Box>
      <Box width={14} flexShrink={0} justifyContent="flex-end"><Text dimColor>{clock(row.time)}</Text></Box>
      {/* The start of the request's W3C trace id: enough to find the trace in a tracing backend's search. */}
      <Box width={10} flexShrink={0} justifyContent="flex-end"><Text dimColor>{row.traceId ? row.traceId.slice(0, 8) : ''}</Text></Box>
    </Box>
  );
}
