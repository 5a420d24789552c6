import type { ServerState } from '../../core/servers/state.js';
import { useBodySize } from '../hooks/useBodySize.js';
import type { Size } from '../hooks/useTerminalSize.js';
import type { Handlers } from '../keys/dispatcher.js';
import { useKeys } from '../keys/useKeys.js';
import { useFilteredList, type FilteredList, type ListPlace } from '../widgets/filter/useFilteredList.js';
import { useKept } from '../hooks/useKept.js';
import { stackRows, type Part } from '../layout/stack-rows.js';

export interface ListTabOptions<T> {
  server: ServerState;
  /** The tab's key scope; the list's keys and the global ones come after it. */
  scope: 'tools' | 'resources' | 'prompts' | 'tasks' | 'skills';
  items: readonly T[];
  /** What the filter searches, and what names an item (stable, module-level functions). */
  text: (item: T) => string;
  id: (item: T) => string;
  /** What the tab keeps for itself besides the list, as stackRows parts: the detail's least, a note, a busy line. */
  keep: Record<string, Part>;
  /** The list takes only the rows its items need; the rest goes to what is under it. */
  fit?: boolean;
  /** Keys on the list besides moving, `/` and esc: what acts on the selected item. */
  keys: (selected: T | undefined) => Handlers;
  /** Esc on the list (a request to cancel, say); none: esc leaves the screen. */
  back?: () => void;
  /** Something covers the list (the pager, a form): its keys take over, the list and its filter sleep. */
  cover?: Handlers;
  /** False while something above the tab takes the keys (a question it asked). */
  keysActive?: boolean;
}

export interface ListTab<T> {
  size: Size;
  filtered: FilteredList<T>;
  selected?: T;
  /** Not connected and nothing listed: the tab says so instead of an empty list. */
  offline: boolean;
}

/**
 * The skeleton the Tools, Resources, Prompts and Tasks tabs share: the body's size, a filtered
 * list in the rows the tab leaves it (the list's position line counted here, the filter's
 * line by the list itself), its keys or those of what covers it, and whether there is
 * anything to show at all.
 */
export function useListTab<T>(options: ListTabOptions<T>): ListTab<T> {
  const { server, items, cover } = options;
  const size = useBodySize();
  // Fitted, the list (its filter line included) takes a row per item and no more.
  const { list: rows } = stackRows(size.rows, { ...options.keep, list: options.fit ? { max: items.length + 1 } : {}, positionLine: 1 });
  // Where the list was left (its filter, its selected item) is there again after another tab or screen.
  const kept = useKept<ListPlace>('list', server.name, options.scope);
  const filtered = useFilteredList(items, options.text, options.id, rows, { active: !cover, kept });
  const { list, filter, selected } = filtered;
  useKeys([options.scope, 'list', 'global'], cover ?? {
    ...list.handlers,
    filter: filter.start,
    back: options.back,
    ...options.keys(selected),
  }, { active: options.keysActive ?? true });
  return { size, filtered, selected, offline: server.status !== 'connected' && !items.length };
}
