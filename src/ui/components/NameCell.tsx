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


/** What the tags after the name and title keep at least: two of them, `[read-only] [idempotent]`. */
const TAG_ROOM = 26;
/** The list's marker and the token count's column, which stand in the row too. */
const OTHER_COLUMNS = 10;

/**
 * Tools by their names (what the CLI, the traffic and the repeat command use), each
 * title dimmed in a column beside them: widths for the names and the titles in view.
 * Within `columns`, the title gives way (cut, or left to the detail below when too little
 * is left) so the tags keep room for two: at 80 columns a long name and title left one.
 * Names are never cut for it: they are what a tool is called by.
 */
export function toolColumns(inView: readonly { name: string; title?: string; annotations?: { title?: string } }[], columns = Infinity): { name: number; title: number } {
  const name = Math.min(36, Math.max(12, ...inView.map((t) => sanitizeLine(t.name).length + 2)));
  const titles = inView.map((t) => toolTitle(t)).filter((t): t is string => Boolean(t));
  const room = columns - OTHER_COLUMNS - name - TAG_ROOM;
  const title = titles.length ? Math.min(30, room, Math.max(...titles.map((t) => sanitizeLine(t).length + 2))) : 0;
  return { name, title: title >= 8 ? title : 0 };
}
