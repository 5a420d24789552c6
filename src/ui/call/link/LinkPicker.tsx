import { Box, Text } from 'ink';
import type { ResultLink } from '../../../core/calls/result-view.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { PRIORITY, useKeys } from '../../keys/useKeys.js';
import { useList } from '../../widgets/list/useList.js';
import { ListView } from '../../widgets/list/ListView.js';

/** The resource links of a result: pick one and enter reads it. */
export function LinkPicker({ links, height, onRead }: { links: readonly ResultLink[]; height: number; onRead: (link: ResultLink) => void }) {
  const list = useList(links.length, Math.max(1, height - 2));
  const link = links[list.index];
  useKeys(['result', 'list'], { ...list.handlers, readLink: link ? () => onRead(link) : undefined }, { priority: PRIORITY.widget });
  return (
    <Box flexDirection="column">
      <Text bold>Read which resource link? <Text dimColor>enter reads it · esc back</Text></Text>
      <ListView
        items={links}
        list={list}
        render={(l, selected) => (
          <Text bold={selected} wrap="truncate-end">
            {sanitizeLine(l.uri)}
            <Text dimColor>{`${l.name ? `  ${sanitizeLine(l.name)}` : ''}${l.mimeType ? `  (${sanitizeLine(l.mimeType)})` : ''}`}</Text>
          </Text>
        )}
      />
    </Box>
  );
}
