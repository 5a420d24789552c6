import { lazy, Suspense } from 'react';
import { Text } from 'ink';
import type { ImageProtocol } from '../../system/image-protocol.js';
import { ImageBoundary } from './ImageBoundary.js';

// ink-picture and its decoders (about 1 MB) load when the first image is shown, not before.
const Picture = lazy(() => import('./Picture.js').then((m) => ({ default: m.Picture })));

export interface TerminalImageProps {
  /** A file of mcpdeck's own (a saved result part), never a URL. */
  path: string;
  protocol: ImageProtocol;
  width: number;
  height: number;
}

/** An image drawn in the terminal's own graphics, scaled to fit `width` x `height` cells. */
export function TerminalImage(props: TerminalImageProps) {
  return (
    <ImageBoundary>
      <Suspense fallback={<Text dimColor>loading the image…</Text>}>
        <Picture {...props} />
      </Suspense>
    </ImageBoundary>
  );
}
