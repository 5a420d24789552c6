import { Box, Text } from 'ink';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { NameCell } from '../../components/NameCell.js';
import type { SubscriptionState } from '../../../core/servers/subscriptions.js';
import { entryUri, type ResourceEntry } from './resource-entry.js';

export interface ResourceColumns {
  name: number;
  /** 0 when no template is in view. */
  tag: number;
  mime: number;
  /** 0 when nothing in view is watched. */
  watch: number;
}

/** Column widths for the rows in view: the URI gets what is left. `mark` is a row's watch mark, if any. */
export function resourceColumns(visible: readonly ResourceEntry[], width: number, mark: (e: ResourceEntry) => string = () => ''): ResourceColumns {
  const longest = (texts: string[]) => Math.max(0, ...texts.map((t) => sanitizeLine(t).length));
  return {
    name: Math.min(Math.max(12, Math.floor(width / 4)), Math.max(8, longest(visible.map((e) => e.item.title ?? e.item.name)))),
    tag: visible.some((e) => e.kind === 'template') ? 8 : 0,
    mime: Math.min(Math.max(10, Math.floor(width / 5)), longest(visible.map((e) => e.item.mimeType ?? ''))),
    watch: Math.min(12, longest(visible.map(mark))),
  };
}

interface Props {
  entry: ResourceEntry;
  selected: boolean;
  columns: ResourceColumns;
  /** Its watch mark (see watchMark), when it is watched. */
  mark?: string;
  watch?: SubscriptionState;
}

/** `name  uri  template  mime  watch` on one row. */
export function ResourceRow({ entry, selected, columns, mark, watch }: Props) {
  const theme = useTheme();
  const { item } = entry;
  return (
    <Box flexGrow={1}>
      <NameCell item={item} width={columns.name} selected={selected} />
      {/* A zero basis: the URI takes what the fixed columns leave, never pushing them out. */}
      <Box flexGrow={1} flexBasis={0} marginLeft={1}><Text dimColor wrap="truncate-end">{sanitizeLine(entryUri(entry))}</Text></Box>
      {/* After the URI it describes: next to a name that fills its column it read as the name's last word. */}
      {columns.tag ? (
        <Box width={columns.tag} flexShrink={0} marginLeft={1}><Text color={theme.accent}>{entry.kind === 'template' ? 'template' : ''}</Text></Box>
      ) : null}
      <Box width={columns.mime} flexShrink={0} marginLeft={1} justifyContent="flex-end">
        <Text wrap="truncate-end">{sanitizeLine(item.mimeType ?? '')}</Text>
      </Box>
      {columns.watch ? (
        <Box width={columns.watch} flexShrink={0} marginLeft={1}>
          <Text wrap="truncate-end" color={watch?.error ? theme.error : theme.accent}>{mark ?? ''}</Text>
        </Box>
      ) : null}
    </Box>
  );
}
