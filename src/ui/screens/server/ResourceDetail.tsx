import { Box, Text } from 'ink';
import { sanitizeLine } from '../../../util/sanitize.js';
import { formatBytes } from '../../../util/text.js';
import { Description } from '../../components/Description.js';
import { entryUri, type ResourceEntry } from './resource-entry.js';

export const RESOURCE_DETAIL_ROWS = 4;

/** The selected resource or template: its names, full URI, size and description. */
export function ResourceDetail({ entry }: { entry: ResourceEntry }) {
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
        {`${entry.kind === 'template' ? 'template ' : ''}${sanitizeLine(entryUri(entry))}`}
        {entry.kind === 'template' ? <Text dimColor>  enter fills in its variables</Text> : null}
      </Text>
      <Description text={item.description} />
    </Box>
  );
}
