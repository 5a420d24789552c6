import { Box, Text } from 'ink';
import { sanitizeLine } from '../../util/sanitize.js';
import { toolTitle } from '../../core/servers/tools.js';

interface Named {
  name: string;
  title?: string;
}

/** A name column as wide as the longest title in view plus a gap, within 12 to 36. */
export function nameColumn(inView: readonly Named[]): number {
  return Math.min(36, Math.max(12, ...inView.map((x) => sanitizeLine(x.title ?? x.name).length + 2)));
}

/** An item's title (or name) in a fixed-width column, bold when selected. */
export function NameCell({ item, width, selected }: { item: Named; width: number; selected: boolean }) {
  return (
    <Box width={width} flexShrink={0}>
      <Text bold={selected} wrap="truncate-end">{sanitizeLine(item.title ?? item.name)}</Text>
    </Box>
  );
}


/**
 * Tools by their names (what the CLI, the traffic and the repeat command use), each
 * title dimmed in a column beside them: widths for the names and the titles in view.
 * Within `columns`, the two take at most a little over half of the row (three tenths and a quarter), so the
 * tags after them keep room for more than one (at 80 columns a long name and title left one).
 */
export function toolColumns(inView: readonly { name: string; title?: string; annotations?: { title?: string } }[], columns = Infinity): { name: number; title: number } {
  const name = Math.min(36, Math.max(12, Math.floor(columns * 0.3)), Math.max(12, ...inView.map((t) => sanitizeLine(t.name).length + 2)));
  const titles = inView.map((t) => toolTitle(t)).filter((t): t is string => Boolean(t));
  const title = titles.length ? Math.min(30, Math.max(10, Math.floor(columns * 0.25)), Math.max(...titles.map((t) => sanitizeLine(t).length + 2))) : 0;
  return { name, title };
}
