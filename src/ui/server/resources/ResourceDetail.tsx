import { Box, Text } from 'ink';
import { sanitizeLine } from '../../../util/sanitize.js';
import { formatBytes } from '../../../util/text.js';
import { Description } from '../../components/Description.js';
import type { SubscriptionState } from '../../../core/servers/subscriptions.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { useBodySize } from '../../hooks/useBodySize.js';
import { entryUri, watchWords, type ResourceEntry } from './resource-entry.js';

export const RESOURCE_DETAIL_ROWS = 4;

/** The selected resource or template: its names, full URI, size, description, and how its watch goes. */
export function ResourceDetail({ entry, watch, now }: { entry: ResourceEntry; watch?: SubscriptionState; now: number }) {
  const theme = useTheme();
  const { columns } = useBodySize();
  const { item } = entry;
  const size = entry.kind === 'resource' && entry.item.size !== undefined ? ` · ${formatBytes(entry.item.size)}` : '';
  return (
    <Box flexDirection="column" height={RESOURCE_DETAIL_ROWS} overflow="hidden">
      <Text wrap="truncate-end">
        <Text bold>{sanitizeLine(item.name)}</Text>
        {item.title ? <Text dimColor>{`  ${sanitizeLine(item.title)}`}</Text> : null}
        <Text dimColor>{`  ${sanitizeLine(item.mimeType ?? 'no mime type')}${size}`}</Text>
      </Text>
      <Text wrap="truncate-end">
        {watch ? <Text color={watch.error ? theme.error : theme.accent}>{`${sanitizeLine(watchWords(watch, now))}  `}</Text> : null}
        {`${entry.kind === 'template' ? 'template ' : ''}${sanitizeLine(entryUri(entry))}`}
        {entry.kind === 'template' ? <Text dimColor>  enter fills in its variables</Text> : null}
      </Text>
      <Description text={item.description} width={columns} />
    </Box>
  );
}
