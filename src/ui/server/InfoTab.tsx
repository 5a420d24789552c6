import { useMemo } from 'react';
import { Box, Text } from 'ink';
import type { ServerState } from '../../core/servers/state.js';
import { useBodySize } from '../hooks/useBodySize.js';
import { useTheme } from '../theme/ThemeContext.js';
import { Pager } from '../widgets/pager/Pager.js';
import { infoLines } from './info-lines.js';
import { lintState } from '../../core/compat/lint.js';

/** The most tools the tab checks (tens of milliseconds); `mcpdeck lint` checks any number. */
const COMPAT_MAX_TOOLS = 2_000;

/**
 * Who the server says it is, what it offers, what clients will make of its tools, and how it
 * is configured; in a pager when it does not fit.
 */
export function InfoTab({ server }: { server: ServerState }) {
  const theme = useTheme();
  const size = useBodySize();
  // Checked again only when its tools change, not on each log line that changes its state;
  // a list too long to check between two frames is left to `mcpdeck lint`.
  const { name, tools, instructions, status } = server;
  const compat = useMemo(() => {
    if (status !== 'connected') return undefined;
    return tools.length > COMPAT_MAX_TOOLS ? ('too-many' as const) : lintState({ name, tools, instructions });
  }, [name, tools, instructions, status]);
  const lines = useMemo(() => infoLines(server, size.columns, compat), [server, size.columns, compat]);
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
