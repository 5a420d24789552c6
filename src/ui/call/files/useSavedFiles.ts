import { useMemo, useState } from 'react';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SavedFile } from '../../../core/calls/result-view.js';
import { useImageProtocol } from '../../system/ImagesContext.js';
import { useOpener } from '../../system/OpenerContext.js';
import { canDraw } from '../../widgets/image/drawable.js';

/**
 * What a person can do with the files a result was saved to: see its images in the
 * terminal (where it draws them), open a file in the browser or the system's viewer
 * (only on a key press), pick one of several. Each action is undefined where it does
 * not apply, so its key leaves the footer.
 */
export function useSavedFiles(files: readonly SavedFile[], say: (status: string) => void) {
  const opener = useOpener();
  const protocol = useImageProtocol();
  const images = useMemo(() => (protocol ? files.filter(canDraw) : []), [files, protocol]);
  // The image shown, by its place among `images`, and the file picker.
  const [shown, setShown] = useState<number>();
  const [picking, setPicking] = useState(false);
  const image = shown === undefined ? undefined : images[shown % images.length];
  const open = (file: SavedFile) => {
    setPicking(false);
    say(`opening ${basename(file.path)}…`);
    opener?.(pathToFileURL(file.path).href).then(
      () => say(`handed ${basename(file.path)} to your browser or viewer`),
      (error: unknown) => say(`could not open ${basename(file.path)}: ${(error as Error)?.message ?? String(error)}`),
    );
  };
  return {
    protocol,
    images,
    image,
    /** 1-based, for "image 2 of 3". */
    imageNumber: shown === undefined ? 0 : (shown % images.length) + 1,
    picking,
    open,
    showImage: protocol && images.length ? () => setShown((i) => (i === undefined ? 0 : i + 1)) : undefined,
    // Over an image, the image; else the one file, or a pick of several.
    openFile: opener && files.length ? () => (image ? open(image) : files.length === 1 ? open(files[0]!) : setPicking(true)) : undefined,
    back: picking ? () => setPicking(false) : image ? () => setShown(undefined) : undefined,
  };
}
