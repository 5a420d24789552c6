import { useMemo } from 'react';

/** What a named thing is known by. */
export const byName = (x: { name: string }) => x.name;

/** What a named thing is found by: name, title and description. */
export const nameTitleDescription = (x: { name: string; title?: string; description?: string }) => `${x.name}\n${x.title ?? ''}\n${x.description ?? ''}`;

/** Each list's lowercased texts, for as long as the list is held, made by the `text` they were made with. */
const indexes = new WeakMap<readonly unknown[], { text: (item: never) => string; haystacks: string[] }>();

/**
 * The lowercased texts of a list: made at the first query over it, then kept with it. A
 * list nobody filters costs nothing more (at 100,000 tools they are ~8 MB).
 */
function haystacksOf<T>(items: readonly T[], text: (item: T) => string): string[] {
  let index = indexes.get(items);
  if (index?.text !== text) indexes.set(items, (index = { text, haystacks: items.map((item) => text(item).toLowerCase()) }));
  return index.haystacks;
}

/**
 * The items whose text contains the query (case-insensitive). The lowercased texts are
 * computed once per list, at its first query, so each keystroke costs one `includes` per item.
 * `text` should be a stable (module-level) function: a new one computes them again.
 */
export function useFiltered<T>(items: readonly T[], text: (item: T) => string, query: string): readonly T[] {
  const needle = query.toLowerCase();
  return useMemo(() => {
    if (!needle) return items;
    const haystacks = haystacksOf(items, text);
    return items.filter((_, i) => haystacks[i]!.includes(needle));
  }, [items, text, needle]);
}
