import { useState } from 'react';
import { Box, Text } from 'ink';
import type { SourceInfo } from '../../core/config/sources/report.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { useDeck } from '../DeckContext.js';
import { PRIORITY, useKeys } from '../keys/useKeys.js';
import { useStore } from '../hooks/useStore.js';
import { useTheme } from '../theme/ThemeContext.js';
import { ListView } from '../widgets/list/ListView.js';
import { useList } from '../widgets/list/useList.js';
import { stackRows } from '../layout/stack-rows.js';

const ID_WIDTH = 20;
const STATUS_WIDTH = 12;

/** Sources worth a row: the ones that gave servers, could not be read, or are hidden (missing files are left out). */
const listed = (s: SourceInfo) => s.status === 'read' || s.status === 'error' || s.status === 'hidden';

function statusText(s: SourceInfo): string {
  if (s.status !== 'read') return s.status;
  return s.servers.length === 1 ? '1 server' : `${s.servers.length} servers`;
}

/**
 * Every place servers are read from (other clients' files too), lowest precedence
 * first; space hides or shows one (remembered for later runs), and its servers leave
 * or join the list.
 */
export function SourcesPanel({ rows, onClose }: { rows: number; onClose: () => void }) {
  const deck = useDeck();
  const theme = useTheme();
  const { sources } = useStore(deck.config.sources);
  const items = sources.filter(listed);
  const [notice, setNotice] = useState<string>();
  // The selected source's reason keeps its row while it has none: the list does not jump as it moves.
  const list = useList(items.length, stackRows(rows, { title: 1, notice: Boolean(notice), list: { min: 1 }, scrollLine: 1, reason: 1 }).list);
  const selected = items[list.index];
  useKeys(['list'], list.handlers);
  // Its own layer above the list's: space toggles here, where a list pages down.
  useKeys(['sources'], {
    closeSources: onClose,
    ...(selected?.hideable && {
      toggleSource: () => {
        setNotice(undefined);
        deck.setSourceHidden(selected.id, selected.status !== 'hidden').catch((error: Error) => setNotice(error.message));
      },
    }),
  }, { priority: PRIORITY.widget });
  return (
    <Box flexDirection="column" height={rows}>
      <Text bold>Sources, lowest precedence first (a later one wins a name two define)</Text>
      {notice ? <Text color={theme.error} wrap="truncate-end">{sanitizeLine(notice)}</Text> : null}
      <ListView
        items={items}
        list={list}
        empty="no configuration files found"
        render={(source) => (
          <Box>
            <Text color={source.status === 'hidden' ? theme.muted : theme.success}>{source.status === 'hidden' ? '○ ' : '● '}</Text>
            <Box width={ID_WIDTH} flexShrink={0}><Text wrap="truncate-end">{source.id}</Text></Box>
            <Box width={STATUS_WIDTH} flexShrink={0}><Text color={source.status === 'error' ? theme.error : undefined}>{statusText(source)}</Text></Box>
            <Text dimColor wrap="truncate-start">{sanitizeLine(source.path)}</Text>
          </Box>
        )}
      />
      {/* A file that broke while the deck runs is still read (its last good servers): its reason is a warning. */}
      {selected?.reason && (selected.status === 'error' || selected.status === 'read') ? <Text color={selected.status === 'error' ? theme.error : theme.warning} wrap="truncate-end">{sanitizeLine(selected.reason)}</Text> : null}
    </Box>
  );
}
