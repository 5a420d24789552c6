import { useMemo } from 'react';
import { Box, Text } from 'ink';
import type { ServerState } from '../../core/servers/state.js';
import { useBodySize } from '../hooks/useBodySize.js';
import { useTheme } from '../theme/ThemeContext.js';
import { Pager } from '../widgets/pager/Pager.js';
import { infoLines } from './info-lines.js';

/** Who the server says it is, what it offers, and how it is configured; in a pager when it does not fit. */
export function InfoTab({ server }: { server: ServerState }) {
  const theme = useTheme();
  const size = useBodySize();
  const lines = useMemo(() => infoLines(server, size.columns), [server, size.columns]);
  if (lines.length > size.rows) {
    return <Pager text={lines.map((l) => l.text).join('\n')} width={size.columns} height={size.rows} />;
  }
  const color = { heading: theme.accent, warning: theme.warning, error: theme.error };
  return (
    <Box flexDirection="column" height={size.rows}>
      {lines.map((line, i) => (
        <Text key={i} wrap="truncate-end" bold={line.kind === 'heading'} color={line.kind ? color[line.kind] : undefined}>{line.text || ' '}</Text>
      ))}
    </Box>
  );
}
