import type { ReactNode } from 'react';
import { Box, Text } from 'ink';
import { PRIORITY, useKeys } from '../keys/useKeys.js';
import { stackRows } from '../layout/stack-rows.js';
import { ListView } from '../widgets/list/ListView.js';
import { useList } from '../widgets/list/useList.js';

interface Props<T> {
  title: string;
  items: readonly T[];
  width: number;
  height: number;
  onPick: (item: T) => void;
  onClose: () => void;
  render: (item: T, selected: boolean) => ReactNode;
}

/** One of a few things (a version, the file to install into): enter chooses it, esc goes back to the page. */
export function PickOne<T>({ title, items, width, height, onPick, onClose, render }: Props<T>) {
  const list = useList(items.length, stackRows(height, { title: 1, list: { min: 1 }, scrollLine: 1 }).list);
  const item = items[list.index];
  useKeys(['registryServer', 'list', 'global'], { ...list.handlers, choose: item ? () => onPick(item) : undefined, back: onClose }, { priority: PRIORITY.widget });
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text bold wrap="truncate-end">{title}</Text>
      {/* A row is cut to the columns after the list's marker, never squeezing the marker. */}
      <ListView items={items} list={list} render={(item, selected) => <Box width={Math.max(1, width - 2)}>{render(item, selected)}</Box>} empty="none" />
    </Box>
  );
}
