import { useState } from 'react';
import { Box, Text } from 'ink';
import { statusSummary } from '../../core/servers/status-label.js';
import { STATUS } from '../../core/servers/status.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { useDeck } from '../DeckContext.js';
import { useServers } from '../hooks/useServers.js';
import { useKeys } from '../keys/useKeys.js';
import { quiet } from '../keys/dispatcher.js';
import { useTick } from '../hooks/useTick.js';
import { useBodySize } from '../hooks/useBodySize.js';
import { byName } from '../widgets/filter/useFiltered.js';
import { useFilteredList } from '../widgets/filter/useFilteredList.js';
import { useNavigation } from '../navigation/NavigationContext.js';
import { ListView } from '../widgets/list/ListView.js';
import { ServerRow, statusColumn, tokensFit } from './ServerRow.js';
import { ServerHeader } from './ServerHeader.js';
import { DETAIL_ROWS, ServerDetailPane } from './ServerDetailPane.js';
import { FilterLine } from '../widgets/filter/FilterLine.js';
import { SourcesPanel } from './SourcesPanel.js';
import { ApprovalReview, approveKey } from '../components/ApprovalReview.js';
import { useTheme } from '../theme/ThemeContext.js';
import { useSignInHint } from '../signin/useSignInHint.js';
import { useEditServer } from '../server-form/useEditServer.js';
import { useStartSignIn } from '../signin/useStartSignIn.js';
import { DriftReview } from '../drift/DriftReview.js';
import { useDrift } from '../drift/useDrift.js';
import { useTokens } from '../hooks/useTokens.js';
import { stackRows } from '../layout/stack-rows.js';
import { markOf, useRegistryMarks } from '../registry/useRegistryMarks.js';

/** Every server with a live badge; the selected one's reason and stderr underneath. */
export function Dashboard() {
  const deck = useDeck();
  const theme = useTheme();
  const nav = useNavigation();
  const servers = useServers();
  const size = useBodySize();
  const [notice, setNotice] = useState<string>();
  const [sourcesOpen, setSourcesOpen] = useState(false);
  const [reviewing, setReviewing] = useState<string>();
  const [changesOf, setChangesOf] = useState<string>();
  const drift = useDrift();
  const marks = useRegistryMarks();
  // The tokenizer loads once there is something to count.
  const tokens = useTokens(servers.some((s) => s.status === 'connected'));
  const signInHint = useSignInHint(servers);
  const startSignIn = useStartSignIn();
  const editServer = useEditServer();
  // The filter's line is counted by the list: a row more and Ink draws the frame over itself.
  const rows = stackRows(size.rows, { summary: 1, notice: Boolean(notice), signInHint: Boolean(signInHint), titles: 1, list: {}, scrollLine: 1, detail: DETAIL_ROWS });
  const { filter, shown, list, selected } = useFilteredList(servers, byName, byName, rows.list, { active: !sourcesOpen });
  const needle = filter.input.value;
  const frame = useTick(150, servers.some((s) => s.status === 'connecting'));
  const statusWidth = statusColumn(size.columns - 2, servers.some((s) => s.restart));
  const tokensColumn = tokensFit(size.columns - 2, statusWidth);
  const act = (start: () => Promise<unknown>) => () => {
    setNotice(undefined);
    start().catch((error: Error) => setNotice(error.message));
  };
  useKeys(['dashboard', 'list'], {
    ...list.handlers,
    filter: filter.start,
    ...(selected && {
      open: () => nav.push({ screen: 'server', server: selected.name }),
      reconnect: STATUS[selected.status].reconnects ? act(() => deck.reconnect(selected.name)) : undefined,
      toggleEnabled: act(() => deck.setEnabled(selected.name, selected.status === 'disabled')),
      // On a stdio or in-process server, a only says sign-in is for remote servers: the footer does not offer it.
      signIn: selected.transport === 'stdio' || selected.transport === 'inprocess' ? quiet(() => setNotice(startSignIn(selected.name))) : () => setNotice(startSignIn(selected.name)),
      approve: approveKey(selected, () => setReviewing(selected.name)),
      // `mcpdeck try`: a keeps the tried server (sign-in, for a remote one, is in its Auth tab).
      keepTried: selected.source.kind === 'adhoc' && deck.sandbox.canKeep ? () => void deck.sandbox.keep(selected.name).then(setNotice, (error: Error) => setNotice(error.message)) : undefined,
      editServer: () => setNotice(editServer(selected.name)),
      reviewDrift: drift[selected.name] ? () => setChangesOf(selected.name) : undefined,
    }),
    newServer: deck.editor.scopes().length ? () => nav.push({ screen: 'serverForm' }) : undefined,
    sources: () => setSourcesOpen(true),
    playground: () => nav.push({ screen: 'playground', ...(selected && { server: selected.name }) }),
    // Here `g` is the registry's (it goes before the list's `g`, first item: Home still is).
    registry: () => nav.push({ screen: 'registry' }),
  }, { active: !sourcesOpen && !reviewing && !changesOf });
  if (sourcesOpen) return <SourcesPanel rows={size.rows} onClose={() => setSourcesOpen(false)} />;
  const review = reviewing ? servers.find((s) => s.name === reviewing) : undefined;
  if (review) return <ApprovalReview server={review} rows={size.rows} onClose={(said) => (setReviewing(undefined), setNotice(said))} />;
  if (changesOf) return <DriftReview name={changesOf} rows={size.rows} columns={size.columns} onClose={(said) => (setChangesOf(undefined), setNotice(said))} />;
  return (
    <Box flexDirection="column" height={size.rows}>
      <Text wrap="truncate-end">{statusSummary(servers.map((s) => s.status)) || 'no servers configured'}</Text>
      <FilterLine input={filter.input} editing={filter.editing} matched={shown.length} total={servers.length} />
      {notice ? <Text color={theme.error} wrap="truncate-end">{sanitizeLine(notice)}</Text> : null}
      {signInHint ? <Text color={theme.warning} wrap="truncate-end">{signInHint}</Text> : null}
      <ServerHeader statusWidth={statusWidth} tokens={tokensColumn} />
      <Box flexGrow={1} flexDirection="column">
        <ListView
          items={shown}
          list={list}
          empty={needle ? `no server matches "${needle}"` : 'no servers'}
          render={(server, isSelected) => (
            <ServerRow server={server} frame={frame} selected={isSelected} statusWidth={statusWidth} width={size.columns - 2} drift={drift[server.name]} tokens={server.status === 'connected' ? tokens?.server(server) : undefined} tokensColumn={tokensColumn} mark={markOf(marks, server)} />
          )}
        />
      </Box>
      {selected ? <ServerDetailPane server={selected} frame={frame} width={size.columns} drift={drift[selected.name]} mark={markOf(marks, selected)} /> : null}
    </Box>
  );
}
