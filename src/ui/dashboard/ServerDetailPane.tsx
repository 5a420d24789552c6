import { Box, Text } from 'ink';
import type { ServerState } from '../../core/servers/state.js';
import { protocolLabel } from '../../core/servers/status-label.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { useTheme } from '../theme/ThemeContext.js';
import type { ServerDrift } from '../../core/drift/compare.js';
import { driftHeadline } from '../drift/DriftMark.js';
import { Badge } from '../components/Badge.js';
import { countOf } from '../../util/text.js';
import { listCounts } from '../server/list-counts.js';
import { stackRows } from '../layout/stack-rows.js';
import type { InstallMark } from '../../core/mcp-registry/desk.js';
import { isDeleted, markLine } from '../registry/mark-text.js';

export const DETAIL_ROWS = 8;

/** The selected server at a glance: why it failed and what it last wrote to stderr. */
export function ServerDetailPane({ server, frame, width, drift, mark }: { server: ServerState; frame: number; width: number; drift?: ServerDrift; mark?: InstallMark }) {
  const theme = useTheme();
  const info = server.serverInfo;
  // Counted as the server screen's tabs count them: its Resources tab lists the templates too.
  const lists = listCounts(server);
  const templates = server.resourceTemplates.length ? ` (${countOf(server.resourceTemplates.length, 'template')})` : '';
  const counts = `${countOf(lists.Tools, 'tool')} · ${countOf(lists.Resources, 'resource')}${templates} · ${countOf(lists.Prompts, 'prompt')}`;
  const registry = markLine(mark);
  // The drift and registry lines take stderr rows.
  const stderr = server.stderr.slice(-((server.error ? 3 : 5) - Number(Boolean(drift)) - Number(Boolean(registry)))).map(sanitizeLine);
  const issues = server.configIssues.filter((i) => i.severity === 'warning');
  // The reason gets every row the other lines leave.
  const { error: errorRows } = stackRows(DETAIL_ROWS, {
    border: 1, name: 1, approval: server.status === 'needs-approval' && Boolean(server.approval), error: { min: 2 }, drift: Boolean(drift), registry: Boolean(registry),
    issue: Math.min(issues.length, 1), stderrHeading: stderr.length > 0, stderr,
  });
  return (
    <Box flexDirection="column" height={DETAIL_ROWS} borderStyle="single" borderTop borderBottom={false} borderLeft={false} borderRight={false} borderColor={theme.border} width={width}>
      <Text wrap="truncate-end">
        <Text bold>{sanitizeLine(server.name)}</Text>{'  '}<Badge status={server.status} restart={server.restart} frame={frame} />
        {info ? <Text dimColor>{`  ${sanitizeLine(info.name)} ${sanitizeLine(info.version)}${server.protocolVersion ? ` · protocol ${protocolLabel(server)}` : ''}`}</Text> : null}
      </Text>
      {server.status === 'needs-approval' && server.approval ? (
        <Text color={theme.status['needs-approval']} wrap="truncate-start">{`from ${sanitizeLine(server.approval.file)}${server.approval.changed ? ' (changed since approved)' : ''}: A reviews what it runs`}</Text>
      ) : null}
      {server.error ? (
        <Box height={errorRows} overflow="hidden"><Text color={theme.error}>{sanitizeLine(server.error)}</Text></Box>
      ) : server.status === 'connected' ? (
        <Text dimColor>{counts}</Text>
      ) : null}
      {drift ? (
        <Text color={drift.calledChanged ? theme.error : theme.warning} wrap="truncate-end">
          {driftHeadline(drift)}
        </Text>
      ) : null}
      {registry ? <Text color={isDeleted(mark) ? theme.error : theme.warning} wrap="truncate-end">{registry}</Text> : null}
      {issues.slice(0, 1).map((i, n) => <Text key={n} color={theme.warning} wrap="truncate-end">{`warning: ${sanitizeLine(i.message)}`}</Text>)}
      {stderr.length ? <Text dimColor>stderr (last lines):</Text> : null}
      {stderr.map((line, i) => <Text key={i} dimColor wrap="truncate-end">{`  ${line}`}</Text>)}
    </Box>
  );
}
