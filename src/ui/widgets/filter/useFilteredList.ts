import { useEffect, useMemo } from 'react';
import type { Kept } from '../../hooks/useKept.js';
import { useFilter, type Filter } from './useFilter.js';
import { useFiltered } from './useFiltered.js';
import { useList, type List } from '../list/useList.js';
import { stackRows } from '../../layout/stack-rows.js';

export interface FilteredList<T> {
  filter: Filter;
  /** How many items there are before filtering. */
  total: number;
  /** The items the filter lets through. */
  shown: readonly T[];
  list: List;
  /** The rows in view, for sizing columns to them. */
  inView: readonly T[];
  selected?: T;
}

/** Where a list was left: its applied filter and the item selected (by id). */
export interface ListPlace {
  filter: string;
  selected?: string;
}

/**
 * A list with `/` filtering in `rows` rows, the filter's own line included (at least
 * three rows stay for the list). `text` and `id` should be stable (module-level) functions; `id`
 * names an item, and the selection follows it when the list changes under it. With `kept`,
 * the list opens where it was left and keeps where it is for next time.
 */
export function useFilteredList<T>(
  items: readonly T[],
  text: (item: T) => string,
  id: (item: T) => string,
  rows: number,
  { active = true, kept }: { active?: boolean; kept?: Kept<ListPlace> } = {},
): FilteredList<T> {
  const filter = useFilter(active, kept?.initial?.filter);
  const needle = filter.input.value;
  const shown = useFiltered(items, text, needle);
  const ids = useMemo(() => shown.map(id), [shown, id]);
  // A changed filter starts at its first match; cleared, the selection stays on its item.
  const list = useList(shown.length, stackRows(rows, { filter: filter.editing || Boolean(needle), list: { min: 3 } }).list, ids, kept?.initial?.selected, needle || undefined);
  const inView = shown.slice(list.offset, list.offset + list.height);
  const selected = shown[list.index];
  const selectedId = selected === undefined ? undefined : id(selected);
  useEffect(() => kept?.keep({ filter: needle, selected: selectedId }), [kept, needle, selectedId]);
  return { filter, total: items.length, shown, list, inView, selected };
}
