import { Box, Text } from 'ink';
import { sanitizeLine } from '../../../util/sanitize.js';

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
