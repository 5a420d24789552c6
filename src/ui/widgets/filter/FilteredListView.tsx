import type { ReactNode } from 'react';
import { Box, Text } from 'ink';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useTheme } from '../../theme/ThemeContext.js';
import type { FilteredList } from './useFilteredList.js';
import { ListView } from '../list/ListView.js';
import { FilterLine } from './FilterLine.js';

interface Props<T> {
  filtered: FilteredList<T>;
  /** What one item is called: `no tool matches "x"`. */
  noun: string;
  /** Shown when there are no items at all. */
  empty: string;
  render: (item: T, selected: boolean) => ReactNode;
  /** What the server's list left out, on a row of its own (the caller gives the list one row less). */
  note?: string;
}

/** The filter line, then the list in its rows and its scroll line. */
export function FilteredListView<T>({ filtered, noun, empty, render, note }: Props<T>) {
  const theme = useTheme();
  const { filter, shown, list, total } = filtered;
  const needle = filter.input.value;
  return (
    <>
      <FilterLine input={filter.input} editing={filter.editing} matched={shown.length} total={total} />
      {note ? <Text color={theme.warning} wrap="truncate-end">{`⚠ ${sanitizeLine(note)}`}</Text> : null}
      <Box flexDirection="column" height={list.height + 1}>
        <ListView items={shown} list={list} empty={needle ? `no ${noun} matches "${needle}"` : empty} render={render} />
      </Box>
    </>
  );
}
