import type { ReactNode } from 'react';
import { Box } from 'ink';
import { useKeys } from '../../keys/useKeys.js';
import { ListView } from '../list/ListView.js';
import { useTailList } from './useTailList.js';
import { stackRows } from '../../layout/stack-rows.js';

interface Props<T> {
  items: readonly T[];
  /** How many entries dropped off before items[0]. */
  first: number;
  /** Rows for the pane, its scroll line included. */
  height: number;
  active: boolean;
  empty: string;
  render: (item: T, selected: boolean) => ReactNode;
  onExpand: (item: T) => void;
}

/** One pane of the Log tab: a windowed list that follows the newest entry while selected at the bottom. */
export function TailPane<T>({ items, first, height, active, empty, render, onExpand }: Props<T>) {
  const list = useTailList(items.length, stackRows(height, { list: { min: 1 }, scrollLine: 1 }).list, first);
  const item = items[list.index];
  useKeys(['log', 'list'], { ...list.handlers, ...(item !== undefined && { expand: () => onExpand(item) }) }, { active });
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <ListView items={items} list={list} empty={empty} render={render} />
    </Box>
  );
}
