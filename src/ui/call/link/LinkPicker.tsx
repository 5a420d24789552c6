import { Text } from 'ink';
import type { ResultLink } from '../../../core/calls/result-view.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { PickList } from '../PickList.js';

/** The resource links of a result: pick one and enter reads it. */
export function LinkPicker({ links, height, onRead }: { links: readonly ResultLink[]; height: number; onRead: (link: ResultLink) => void }) {
  return (
    <PickList
      title="Read which resource link?"
      action="reads it"
      items={links}
      height={height}
      command="readLink"
      onPick={onRead}
      render={(l, selected) => (
        <Text bold={selected} wrap="truncate-end">
          {sanitizeLine(l.uri)}
          <Text dimColor>{`${l.name ? `  ${sanitizeLine(l.name)}` : ''}${l.mimeType ? `  (${sanitizeLine(l.mimeType)})` : ''}`}</Text>
        </Text>
      )}
    />
  );
}
