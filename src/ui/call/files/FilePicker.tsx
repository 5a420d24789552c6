import { Text } from 'ink';
import type { SavedFile } from '../../../core/calls/result-view.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { formatBytes } from '../../../util/text.js';
import { PickList } from '../PickList.js';

/** The files a result was saved to: pick one and enter opens it in the browser or viewer. */
export function FilePicker({ files, height, onOpen }: { files: readonly SavedFile[]; height: number; onOpen: (file: SavedFile) => void }) {
  return (
    <PickList
      title="Open which saved file?"
      action="opens it"
      items={files}
      height={height}
      command="openPicked"
      onPick={onOpen}
      render={(f, selected) => (
        <Text bold={selected} wrap="truncate-middle">
          {`${f.what}${f.mimeType ? ` ${sanitizeLine(f.mimeType)}` : ''} ${formatBytes(f.bytes)}  `}
          <Text dimColor>{f.path}</Text>
        </Text>
      )}
    />
  );
}
