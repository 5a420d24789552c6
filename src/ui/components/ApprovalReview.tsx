import { Box, Text } from 'ink';
import type { ServerState } from '../../core/servers/state.js';
import { whatRunsLines } from '../../core/config/what-runs.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { useDeck } from '../DeckContext.js';
import { PRIORITY, useKeys } from '../keys/useKeys.js';
import { quiet } from '../keys/dispatcher.js';
import { useServers } from '../hooks/useServers.js';
import { useTheme } from '../theme/ThemeContext.js';

/**
 * `A` for a server from a project's file: offered in the footer while it waits for
 * approval; once approved the key still shows what it runs, unoffered.
 */
export function approveKey(server: ServerState | undefined, review: () => void): (() => void) | undefined {
  if (!server?.approval) return undefined;
  return server.approval.needed ? review : quiet(review);
}

/**
 * What approving a server from a project's file lets run, exactly (command line or URL,
 * and the names of the env vars and headers it gets), before anything starts: y for
 * this server, f for every server its file defines now, n or esc for neither.
 */
export function ApprovalReview({ server, rows, onClose }: { server: ServerState; rows: number; onClose: (notice?: string) => void }) {
  const deck = useDeck();
  const theme = useTheme();
  const servers = useServers();
  const approval = server.approval;
  const sameFile = servers.filter((s) => s.approval && s.approval.file === approval?.file);
  const approve = (scope: 'server' | 'file', sandboxed = false) => () => {
    const what = scope === 'file' ? `${sameFile.length} server${sameFile.length === 1 ? '' : 's'} of ${approval!.file}` : server.name;
    onClose(`approved ${what}${sandboxed ? ' to run sandboxed' : ''}`);
    deck.approve(server.name, scope, { sandboxed }).catch((error: Error) => onClose(error.message));
  };
  // A stdio server may run sandboxed (one whose entry names a sandbox runs in it anyway).
  const canSandbox = server.transport === 'stdio' && !server.runs?.sandbox;
  useKeys(['approval'], {
    closeApproval: () => onClose(),
    ...(approval?.needed && { approveServer: approve('server'), approveFile: approve('file'), ...(canSandbox && { approveSandboxed: approve('server', true) }) }),
  }, { priority: PRIORITY.modal, capture: true });
  if (!approval) return <Text>{`${sanitizeLine(server.name)} needs no approval: it is not from a project's file. esc goes back.`}</Text>;
  return (
    <Box flexDirection="column" height={rows}>
      <Text bold>{`Approve ${sanitizeLine(server.name)}?`}</Text>
      <Text wrap="truncate-start">{`from ${sanitizeLine(approval.file)}`}</Text>
      {approval.changed ? <Text color={theme.warning}>Its definition changed since you approved it.</Text> : null}
      {!approval.needed ? <Text color={theme.success}>{approval.by === 'claude-code' ? "Already approved in Claude Code's settings." : 'Already approved.'}</Text> : null}
      <Text> </Text>
      <Text>Approving lets mcpdeck start it as written:</Text>
      {(approval.runs ? whatRunsLines(approval.runs) : ['(the entry has errors: nothing would run)']).map((line, i) => (
        <Text key={i} color={theme.accent} wrap="wrap">{`  ${sanitizeLine(line)}`}</Text>
      ))}
      {sameFile.length > 1 ? (
        <Text dimColor wrap="truncate-end">{`f approves the whole file: ${sameFile.map((s) => sanitizeLine(s.name)).join(', ')}`}</Text>
      ) : null}
      {canSandbox && approval.needed ? <Text color={theme.accent} wrap="wrap">{'s (or enter) approves it sandboxed: no network, nothing of your home folder, writes only to its own temp folder; y approves it with all of your rights.'}</Text> : null}
      {server.transport !== 'stdio' ? <Text dimColor wrap="wrap">A remote server runs elsewhere: it is not sandboxed.</Text> : null}
      <Text dimColor>The approval is kept in your user config; a changed definition asks again.</Text>
    </Box>
  );
}
