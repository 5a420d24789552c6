import type { ReactNode } from 'react';
import { Box, Text } from 'ink';
import { useTheme } from '../../theme/ThemeContext.js';
import type { List } from './useList.js';

interface Props<T> {
  items: readonly T[];
  list: List;
  render: (item: T, selected: boolean, index: number) => ReactNode;
  empty?: string;
}

/** Renders only the rows in view, with a marker on the selected one and scroll hints. */
export function ListView<T>({ items, list, render, empty = 'nothing here' }: Props<T>) {
  const theme = useTheme();
  if (!items.length) return <Text dimColor>{empty}</Text>;
  const end = Math.min(items.length, list.offset + list.height);
  const rows = [];
  for (let i = list.offset; i < end; i++) {
    const selected = i === list.index;
    rows.push(
      <Box key={i}>
        <Text color={theme.selected} bold>{selected ? '› ' : '  '}</Text>
        {render(items[i]!, selected, i)}
      </Box>,
    );
  }
  const below = items.length - end;
  return (
    <Box flexDirection="column">
      {rows}
      {list.offset > 0 || below > 0 ? (
        <Text dimColor>{`  ${list.index + 1}/${items.length}${below > 0 ? ` · ${below} more below` : ''}`}</Text>
      ) : null}
    </Box>
  );
}
