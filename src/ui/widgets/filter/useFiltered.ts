import { useMemo } from 'react';

/** What a named thing is known by. */
export const byName = (x: { name: string }) => x.name;

/** What a named thing is found by: name, title and description. */
export const nameTitleDescription = (x: { name: string; title?: string; description?: string }) => `${x.name}\n${x.title ?? ''}\n${x.description ?? ''}`;

/**
 * The items whose text contains the query (case-insensitive). The lowercased texts are
 * computed once per list, so each keystroke costs one `includes` per item.
 * `text` should be a stable (module-level) function: a new one computes them again.
 */
export function useFiltered<T>(items: readonly T[], text: (item: T) => string, query: string): readonly T[] {
  const haystacks = useMemo(() => items.map((item) => text(item).toLowerCase()), [items, text]);
  const needle = query.toLowerCase();
  return useMemo(() => (needle ? items.filter((_, i) => haystacks[i]!.includes(needle)) : items), [items, haystacks, needle]);
}
