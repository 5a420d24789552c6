import { Box, Text } from 'ink';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { NameCell } from './NameCell.js';
import { entryUri, type ResourceEntry } from './resource-entry.js';

export interface ResourceColumns {
  name: number;
  /** 0 when no template is in view. */
  tag: number;
  mime: number;
}

/** Column widths for the rows in view: the URI gets what is left. */
export function resourceColumns(visible: readonly ResourceEntry[], width: number): ResourceColumns {
  const longest = (texts: string[]) => Math.max(0, ...texts.map((t) => sanitizeLine(t).length));
  return {
    name: Math.min(Math.max(12, Math.floor(width / 4)), Math.max(8, longest(visible.map((e) => e.item.title ?? e.item.name)))),
    tag: visible.some((e) => e.kind === 'template') ? 8 : 0,
    mime: Math.min(Math.max(10, Math.floor(width / 5)), longest(visible.map((e) => e.item.mimeType ?? ''))),
  };
}

/** `name  template  uri  mime` on one row. */
export function ResourceRow({ entry, selected, columns }: { entry: ResourceEntry; selected: boolean; columns: ResourceColumns }) {
  const theme = useTheme();
  const { item } = entry;
  return (
    <Box flexGrow={1}>
      <NameCell item={item} width={columns.name} selected={selected} />
      {columns.tag ? (
        <Box width={columns.tag} flexShrink={0} marginLeft={1}><Text color={theme.accent}>{entry.kind === 'template' ? 'template' : ''}</Text></Box>
      ) : null}
      {/* A zero basis: the URI takes what the fixed columns leave, never pushing them out. */}
      <Box flexGrow={1} flexBasis={0} marginLeft={1}><Text dimColor wrap="truncate-end">{sanitizeLine(entryUri(entry))}</Text></Box>
      <Box width={columns.mime} flexShrink={0} marginLeft={1} justifyContent="flex-end">
        <Text wrap="truncate-end">{sanitizeLine(item.mimeType ?? '')}</Text>
      </Box>
    </Box>
  );
}
