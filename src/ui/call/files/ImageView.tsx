import { Box, Text } from 'ink';
import type { SavedFile } from '../../../core/calls/result-view.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { formatBytes } from '../../../util/text.js';
import type { ImageProtocol } from '../../system/image-protocol.js';
import { resultKey } from '../result/result-note.js';
import { TerminalImage } from '../../widgets/image/TerminalImage.js';
import { stackRows } from '../../layout/stack-rows.js';

interface Props {
  image: SavedFile;
  number: number;
  count: number;
  protocol: ImageProtocol;
  width: number;
  height: number;
}

/** An image of a result, drawn by the terminal in the rows of the result, under a line saying which. */
export function ImageView({ image, number, count, protocol, width, height }: Props) {
  const keys = `${count > 1 ? `${resultKey('showImage')} next image · ` : ''}${resultKey('openFile')} opens the file · esc back to the result`;
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">
        {`image ${number} of ${count} · ${sanitizeLine(image.mimeType ?? '')} ${formatBytes(image.bytes)}  `}
        <Text dimColor>{keys}</Text>
      </Text>
      <TerminalImage key={image.path} path={image.path} protocol={protocol} width={width} height={stackRows(height, { title: 1, image: { min: 1 } }).image} />
    </Box>
  );
}
