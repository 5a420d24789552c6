import { useEffect, useState } from 'react';
import { Box, Text } from 'ink';
import { fetchTaskResult, type CallRun } from '../../../core/calls/call-run.js';
import { taskFields, taskLine } from '../../../core/calls/task-text.js';
import { isTerminal } from '../../../core/mcp/task-wire.js';
import type { ServerState } from '../../../core/servers/state.js';
import type { TaskEntry } from '../../../core/servers/tasks.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useDeck } from '../../DeckContext.js';
import { FilteredListView } from '../../widgets/filter/FilteredListView.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { CallRunView } from '../../call/CallRunView.js';
import { BusyLine } from '../fetch/BusyLine.js';
import { NotConnected } from '../../components/NotConnected.js';
import { useRequest } from '../fetch/useRequest.js';
import { useListTab } from '../useListTab.js';

const DETAIL_ROWS = 5;
/** A task id's first characters, then two spaces before the tool. */
const ID_CHARS = 12;
const NONE: readonly TaskEntry[] = [];

const taskText = (t: TaskEntry) => `${t.taskId} ${t.tool ?? ''} ${t.status} ${t.statusMessage ?? ''}`;
const taskId = (t: TaskEntry) => t.taskId;

/**
 * A server's tasks, newest first: the calls that became tasks here (live) and the
 * server's own tasks/list (2025). enter fetches a result into the result view, x
 * cancels, f asks again; while the tab is open the core looks at the running ones again
 * (pushed by a 2026-07-28 server that pushes, else polled).
 */
export function TasksTab({ server }: { server: ServerState }) {
  const deck = useDeck();
  const theme = useTheme();
  const request = useRequest();
  const [fetching, setFetching] = useState<CallRun>();
  const tasks = server.tasks ?? NONE;
  const connected = server.status === 'connected';
  const refresh = () => request.run('asking for the tasks', (signal) => deck.listTasks(server.name, { signal }), () => undefined);
  // Once on opening (the server's own list).
  useEffect(() => {
    if (connected) refresh();
    // Only when it connects (or the tab opens connected): `refresh` is new each render, and
    // asking on every render would never stop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connected]);
  useEffect(() => (connected ? deck.watchTasks(server.name) : undefined), [connected, deck, server.name]);
  useEffect(() => () => fetching?.cancel(), [fetching]);
  const { size, filtered, selected, offline } = useListTab({
    server, scope: 'tasks', items: tasks, text: taskText, id: taskId,
    keep: { detail: DETAIL_ROWS, busy: Boolean(request.busy || request.error) },
    keys: (t) => ({
      refreshTasks: connected ? refresh : undefined,
      ...(t && connected && {
        taskResult: () => setFetching(fetchTaskResult(deck, server.name, t)),
        cancelTask: isTerminal(t.status) ? undefined : () => request.run(`cancelling ${t.taskId}`, (signal) => deck.cancelTask(server.name, t.taskId, { signal }), () => undefined),
      }),
    }),
    back: request.busy ? request.cancel : undefined,
    // Over a fetched result, esc comes back to the list.
    cover: fetching ? { back: () => setFetching(undefined) } : undefined,
  });
  if (fetching) {
    const close = () => setFetching(undefined);
    return <CallRunView run={fetching} state={server} width={size.columns} height={size.rows} onAgain={close} onRetry={close} />;
  }
  if (offline) return <NotConnected status={server.status} />;
  const modern = server.protocolEra === 'modern';
  return (
    <Box flexDirection="column">
      <FilteredListView
        filtered={filtered}
        noun="task"
        empty={modern ? 'no tasks yet: calls this server turns into tasks show here (2026-07-28 servers keep no list of their tasks)' : 'this server lists no tasks'}
        render={(t, isSelected) => (
          // A width of its own (the screen less the list's marker): shrunk by flex alone, Ink cuts the text a column past it.
          <Box width={Math.max(1, size.columns - 2)}>
            <Box width={ID_CHARS + 2} flexShrink={0} paddingRight={2}>
              <Text bold={isSelected} wrap="truncate-end">{sanitizeLine(t.taskId).slice(0, ID_CHARS)}</Text>
            </Box>
            <Text color={t.status === 'failed' ? theme.error : t.status === 'completed' ? theme.success : t.status === 'cancelled' ? theme.muted : theme.accent} wrap="truncate-end">
              {`${t.tool ? `${sanitizeLine(t.tool)} · ` : ''}${taskLine(t)}`}
            </Text>
          </Box>
        )}
      />
      <BusyLine request={request} />
      {selected ? (
        <Box flexDirection="column" height={DETAIL_ROWS}>
          {taskFields(selected).slice(0, DETAIL_ROWS).map(([label, value]) => (
            <Text key={label} wrap="truncate-end" dimColor>{`${label}: ${value}`}</Text>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
