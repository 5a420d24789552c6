import { useState } from 'react';
import { Box, Text } from 'ink';
import type { LoggingLevel } from '../../../core/mcp/types.js';
import type { ServerState } from '../../../core/servers/state.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useDeck } from '../../DeckContext.js';
import { useKeys } from '../../keys/useKeys.js';
import { useBodySize } from '../../hooks/useBodySize.js';
import { useStore } from '../../hooks/useStore.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { Pager } from '../../widgets/pager/Pager.js';
import { LevelPicker } from './LevelPicker.js';
import { LogMessageRow } from './LogMessageRow.js';
import { TailPane } from '../../widgets/tail/TailPane.js';
import { TrafficLine } from './TrafficLine.js';
import { logText, trafficText } from './log-format.js';
import { NetworkLine } from './NetworkLine.js';
import { exchangeText } from './network-format.js';
import type { HttpExchange } from '../../../core/network/network-log.js';
import type { Store } from '../../../core/store.js';
import { stackRows } from '../../layout/stack-rows.js';

const PANES = ['stderr', 'messages', 'traffic', 'network'] as const;
type Pane = (typeof PANES)[number];
const LABEL: Record<Pane, string> = { stderr: 'stderr', messages: 'log messages', traffic: 'JSON-RPC traffic', network: 'network' };
const NONE: readonly HttpExchange[] = [];
const NO_EXCHANGES: Store<readonly HttpExchange[]> = { subscribe: () => () => undefined, getSnapshot: () => NONE };

/** What the server wrote to stderr, the log messages it sent, every JSON-RPC message both ways, and (remote servers) each HTTP exchange. */
export function LogTab({ server }: { server: ServerState }) {
  const deck = useDeck();
  const theme = useTheme();
  const size = useBodySize();
  const traffic = useStore(deck.traffic.of(server.name));
  const exchanges = useStore(deck.wire.network?.of(server.name) ?? NO_EXCHANGES);
  // HTTP exchanges are a remote server's only: a stdio server's pane would stay empty.
  const panes: readonly Pane[] = server.transport === 'http' || server.transport === 'sse' ? PANES : PANES.filter((p) => p !== 'network');
  const [pane, setPane] = useState<Pane>('stderr');
  const [open, setOpen] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error?: boolean }>();
  const canLog = Boolean(server.capabilities?.logging);
  const pick = (level: LoggingLevel) => {
    setPicking(false);
    setPane('messages');
    setNotice({ text: `asking for ${level}…` });
    deck.setLogLevel(server.name, level).then(
      () => setNotice(undefined),
      (error: Error) => setNotice({ text: `could not set ${level}: ${error.message}`, error: true }),
    );
  };
  useKeys(['log', 'global'], open !== null ? { back: () => setOpen(null) } : picking ? {} : {
    nextPane: () => {
      setNotice(undefined);
      setPane((p) => panes[(panes.indexOf(p) + 1) % panes.length]!);
    },
    logLevel: () => (canLog ? setPicking(true) : setNotice({ text: 'no logging offered: no level to set', error: true })),
  });
  const level = server.capabilities ? (canLog ? `level: ${server.logLevel ?? 'server default'}` : 'no logging offered') : '';
  const { pane: rows } = stackRows(size.rows, { panes: 1, pane: {} });
  const listing = open === null && !picking;
  const common = { height: rows, active: listing };
  return (
    <Box flexDirection="column" height={size.rows}>
      <Text wrap="truncate-end">
        {panes.map((p) => <Text key={p} inverse={p === pane} bold={p === pane}>{` ${LABEL[p]} `}</Text>)}
        {notice ? <Text color={notice.error ? theme.error : theme.muted}>{`  ${sanitizeLine(notice.text)}`}</Text> : <Text dimColor>{`  ${level}`}</Text>}
      </Text>
      {open !== null ? <Pager text={open} width={size.columns} height={rows} /> : null}
      {picking ? <LevelPicker server={server.name} current={server.logLevel} onPick={pick} onCancel={() => setPicking(false)} /> : null}
      <Box display={listing ? 'flex' : 'none'} flexDirection="column">
        {pane === 'stderr' ? (
          <TailPane {...common} key="stderr" items={server.stderr} first={0} empty="nothing on stderr yet"
            render={(line) => <Text wrap="truncate-end">{sanitizeLine(line)}</Text>}
            onExpand={() => setOpen(server.stderr.join('\n'))} />
        ) : pane === 'messages' ? (
          <TailPane {...common} key="messages" items={server.logs} first={server.logs[0]?.seq ?? 0}
            empty={canLog || !server.capabilities ? 'no log messages yet; L asks for a level (debug shows everything)' : `${sanitizeLine(server.name)} does not offer logging`}
            render={(entry, selected) => <LogMessageRow entry={entry} selected={selected} />}
            onExpand={(entry) => setOpen(logText(entry))} />
        ) : pane === 'traffic' ? (
          <TailPane {...common} key="traffic" items={traffic} first={traffic[0]?.seq ?? 0} empty="no messages yet"
            render={(row, selected) => <TrafficLine row={row} selected={selected} />}
            onExpand={(row) => setOpen(trafficText(row))} />
        ) : (
          <TailPane {...common} key="network" items={exchanges} first={exchanges[0]?.seq ?? 0} empty="no HTTP exchanges yet"
            render={(row, selected) => <NetworkLine row={row} selected={selected} />}
            onExpand={(row) => setOpen(exchangeText(row))} />
        )}
      </Box>
    </Box>
  );
}
