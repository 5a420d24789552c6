import type { ReactNode } from 'react';
import { Box, Text } from 'ink';
import { PRIORITY, useKeys } from '../keys/useKeys.js';
import { useList } from '../widgets/list/useList.js';
import { ListView } from '../widgets/list/ListView.js';
import { stackRows } from '../layout/stack-rows.js';

interface Props<T> {
  title: string;
  /** What enter does, as the footer says it ("reads it", "opens it"). */
  action: string;
  items: readonly T[];
  height: number;
  /** The `result` command enter runs on the selected item. */
  command: 'readLink' | 'openPicked';
  onPick: (item: T) => void;
  render: (item: T, selected: boolean) => ReactNode;
}

/** One of several things of a result (its links, its saved files): pick one and enter acts on it. */
export function PickList<T>({ title, action, items, height, command, onPick, render }: Props<T>) {
  const list = useList(items.length, stackRows(height, { title: 1, list: { min: 1 }, scrollLine: 1 }).list);
  const item = items[list.index];
  useKeys(['result', 'list'], { ...list.handlers, [command]: item ? () => onPick(item) : undefined }, { priority: PRIORITY.widget });
  return (
    <Box flexDirection="column">
      <Text bold>{title} <Text dimColor>{`enter ${action} · esc back`}</Text></Text>
      <ListView items={items} list={list} render={render} />
    </Box>
  );
}
