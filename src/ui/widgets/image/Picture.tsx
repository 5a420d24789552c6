import { pathToFileURL } from 'node:url';
import Image, { InkPictureProvider } from 'ink-picture';
import type { TerminalImageProps } from './TerminalImage.js';

/**
 * ink-picture, on a terminal mcpdeck knows draws this protocol: the provider asks the
 * terminal its cell size (a query such a terminal answers), the image is decoded from
 * the file (a `file:` URL: it never fetches) and fitted inside the box. The `alt` is a
 * blank: ink-picture's "Loading..." stays in the box's cells, which a kitty image covers
 * only where it is opaque. The line above the image says which file it is.
 */
export function Picture({ path, protocol, width, height }: TerminalImageProps) {
  return (
    <InkPictureProvider>
      <Image src={pathToFileURL(path).href} protocol={protocol} width={width} height={height} objectFit="contain" alt=" " />
    </InkPictureProvider>
  );
}
