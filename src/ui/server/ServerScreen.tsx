import { useEffect, useState } from 'react';
import { Box, Text } from 'ink';
import { sanitizeLine } from '../../util/sanitize.js';
import { useDeck } from '../DeckContext.js';
import { useServer } from '../hooks/useServers.js';
import { useKeys } from '../keys/useKeys.js';
import { nextToAllow } from '../../core/sandbox/allow.js';
import { useTick } from '../hooks/useTick.js';
import { useKept } from '../hooks/useKept.js';
import { useBodySize, BodySizeContext } from '../hooks/useBodySize.js';
import { stackRows } from '../layout/stack-rows.js';
import { serverTabs, type Tab } from '../navigation/routes.js';
import type { ServerState } from '../../core/servers/state.js';
import { STATUS } from '../../core/servers/status.js';
import { noTasksReason } from '../../core/mcp/task-wire.js';
import { isRemote } from '../../core/auth/manager.js';
import { skillsOffer } from '../../core/skills/desk.js';
import { Badge } from '../components/Badge.js';
import { TabBar } from './TabBar.js';
import { listCounts } from './list-counts.js';
import { useTheme } from '../theme/ThemeContext.js';
import { ServerTab } from './ServerTab.js';
import { ApprovalReview, approveKey } from '../components/ApprovalReview.js';
import { useEditServer } from '../server-form/useEditServer.js';
import { RootsEditor } from './RootsEditor.js';
import { DriftReview } from '../drift/DriftReview.js';
import { useServerDrift } from '../drift/useDrift.js';
import { driftHeadline } from '../drift/DriftMark.js';

/** Tasks (2025 `tasks` capability, the 2026-07-28 extension), or tasks seen on it before. */
const offersTasks = (server: ServerState | undefined) =>
  Boolean(server && (!noTasksReason(server.protocolEra, server.capabilities) || server.tasks?.length));

/** One server: its status on top, then Tools, Resources, Prompts, Log and Info (then Tasks and Auth where they apply). */
export function ServerScreen({ name }: { name: string }) {
  const deck = useDeck();
  const theme = useTheme();
  const server = useServer(name);
  const size = useBodySize();
  // Opened again, a server shows the tab it was left on (as list tabs keep their place).
  const keptTab = useKept<Tab>('tab', name);
  const [tab, setTab] = useState<Tab>(keptTab.initial ?? 'Tools');
  useEffect(() => keptTab.keep(tab), [keptTab, tab]);
  const [overlay, setOverlay] = useState<'approve' | 'roots' | 'drift'>();
  const drift = useServerDrift(name);
  const [notice, setNotice] = useState<string>();
  const close = (said?: string) => {
    setOverlay(undefined);
    setNotice(said);
  };
  const editServer = useEditServer();
  const frame = useTick(150, server?.status === 'connecting');
  // A list the server said goes stale (2026-07-28 ttlMs) is fetched again when looked at.
  useEffect(() => void deck.freshen(name), [deck, name, tab]);
  const config = deck.definition(name)?.config;
  const remote = config && isRemote(config) ? config : undefined;
  const tabs = serverTabs({ tasks: offersTasks(server), skills: Boolean(skillsOffer(server)), remote: Boolean(remote) });
  const toAllow = server?.sandbox && nextToAllow(server.sandbox.denials, server.config.sandbox);
  const step = (d: number) => setTab((t) => tabs[(tabs.indexOf(t) + d + tabs.length) % tabs.length]!);
  const place = (n: number) => (tabs[n] ? () => setTab(tabs[n]!) : undefined);
  useKeys(['server'], {
    nextTab: () => step(1),
    prevTab: () => step(-1),
    tab1: place(0),
    tab2: place(1),
    tab3: place(2),
    tab4: place(3),
    tab5: place(4),
    tab6: place(5),
    tab7: place(6),
    tab8: place(7),
    reconnect: server && STATUS[server.status].reconnects ? () => void deck.reconnect(name).catch(() => undefined) : undefined,
    approve: approveKey(server, () => setOverlay('approve')),
    editRoots: server && config ? () => setOverlay('roots') : undefined,
    editServer: server ? () => setNotice(editServer(name)) : undefined,
    reviewDrift: drift ? () => setOverlay('drift') : undefined,
    allowBlocked: tab === 'Info' && toAllow ? () => void deck.sandbox.allow(name, toAllow).then(setNotice, (error: Error) => setNotice(error.message)) : undefined,
  }, { active: !overlay });
  if (!server) return <Text color={theme.error}>{`${sanitizeLine(name)} is no longer configured. esc goes back.`}</Text>;
  if (overlay === 'approve') return <ApprovalReview server={server} rows={size.rows} onClose={close} />;
  if (overlay === 'drift') return <DriftReview name={name} rows={size.rows} columns={size.columns} onClose={close} />;
  const rows = stackRows(size.rows, { status: 1, error: Boolean(server.error), notice: overlay === 'roots' || Boolean(notice), drift: Boolean(drift), tabs: 1, tab: {} });
  return (
    <Box flexDirection="column" height={size.rows}>
      <Text wrap="truncate-end">
        <Badge status={server.status} restart={server.restart} frame={frame} />
        {server.serverInfo ? <Text dimColor>{`  ${sanitizeLine(server.serverInfo.name)} ${sanitizeLine(server.serverInfo.version)}`}</Text> : null}
        <Text dimColor>{`  ${server.transport ?? ''} · ${server.source.path ?? server.source.label}`}</Text>
      </Text>
      {server.error ? <Text color={theme.error} wrap="truncate-end">{sanitizeLine(server.error)}</Text> : null}
      {overlay === 'roots' ? <RootsEditor server={server} onClose={close} /> : notice ? <Text color={theme.accent} wrap="truncate-end">{sanitizeLine(notice)}</Text> : null}
      {drift ? (
        <Text color={drift.calledChanged ? theme.error : theme.warning} bold={drift.calledChanged > 0} wrap="truncate-end">
          {driftHeadline(drift)}
        </Text>
      ) : null}
      <TabBar tabs={tabs} active={tab} counts={listCounts(server)} columns={size.columns} />
      <BodySizeContext.Provider value={{ columns: size.columns, rows: rows.tab }}>
        <ServerTab tab={tab} server={server} remote={remote} />
      </BodySizeContext.Provider>
    </Box>
  );
}
