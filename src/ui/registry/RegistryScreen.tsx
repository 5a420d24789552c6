import { useEffect, useState } from 'react';
import { Box, Text } from 'ink';
import { sanitizeLine } from '../../util/sanitize.js';
import { countOf } from '../../util/text.js';
import { useBodySize } from '../hooks/useBodySize.js';
import { useKept } from '../hooks/useKept.js';
import { PRIORITY, useKeys } from '../keys/useKeys.js';
import { useNavigation } from '../navigation/NavigationContext.js';
import { useTheme } from '../theme/ThemeContext.js';
import { stackRows } from '../layout/stack-rows.js';
import { useList } from '../widgets/list/useList.js';
import { ListView } from '../widgets/list/ListView.js';
import { TextField } from '../widgets/text/TextField.js';
import { useTextInput } from '../widgets/text/useTextInput.js';
import { ResultHeader, ResultRow } from './ResultRow.js';
import { useRegistrySearch } from './useRegistrySearch.js';

/**
 * The MCP Registry's servers: a search line (typed in at once; results follow as the words
 * change), the results page by page, enter opens one. Esc stops typing, then goes back.
 */
export function RegistryScreen() {
  const nav = useNavigation();
  const theme = useTheme();
  const size = useBodySize();
  // The words of the last visit this session, to come back to the same results.
  const kept = useKept<string>('registry', 'words');
  const input = useTextInput(kept.initial ?? '');
  const [typing, setTyping] = useState(kept.initial === undefined);
  useEffect(() => kept.keep(input.value), [kept, input.value]);
  const search = useRegistrySearch(input.value);
  const { entries } = search;
  const said = search.error ?? (search.loading ? 'searching…' : search.more ? `more… (m, or move to the last)` : undefined);
  const rows = stackRows(size.rows, { search: 1, header: 1, list: { min: 1 }, scrollLine: 1, said: Boolean(said) });
  const list = useList(entries.length, rows.list, undefined, undefined, search.words);
  const selected = entries[list.index];
  // At the last result, the next page comes by itself (after a failed one, only m asks again).
  const atEnd = entries.length > 0 && list.index === entries.length - 1;
  const { more, error } = search;
  useEffect(() => {
    if (atEnd && !error) more?.();
  }, [atEnd, error, more]);
  useKeys(['registry'], {
    searchNow: () => {
      search.now();
      setTyping(false);
    },
    stopTyping: () => setTyping(false),
  }, { priority: PRIORITY.text, active: typing, onText: input.onText });
  useKeys(['registry', 'list'], {
    ...list.handlers,
    searchRegistry: () => setTyping(true),
    morePage: more,
    openEntry: selected ? () => nav.push({ screen: 'registryServer', name: selected.server.name }) : undefined,
  });
  const found = search.words === undefined ? '' : `${countOf(entries.length, 'server')}${search.more ? '+' : ''}${search.unreadable ? ` (${search.unreadable} unreadable left out)` : ''}`;
  return (
    <Box flexDirection="column" height={size.rows}>
      <Text wrap="truncate-end">
        <Text bold>search: </Text>
        <TextField value={input.value} cursor={input.cursor} focused={typing} placeholder="words in a server's name (/ to type)" />
        <Text dimColor>{`  ${found}`}</Text>
      </Text>
      <ResultHeader width={size.columns - 2} />
      <Box flexDirection="column" height={rows.list + rows.scrollLine} overflow="hidden">
        <ListView
          items={entries}
          list={list}
          empty={search.loading ? 'asking the registry…' : search.error ? 'no results' : `no server matches "${sanitizeLine(input.value)}"`}
          render={(entry, isSelected) => <ResultRow entry={entry} selected={isSelected} width={size.columns - 2} />}
        />
      </Box>
      {said ? <Text color={search.error ? theme.error : undefined} dimColor={!search.error} wrap="truncate-end">{sanitizeLine(said)}</Text> : null}
    </Box>
  );
}
