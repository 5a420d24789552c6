import type { SavedFile } from '../../../core/calls/result-view.js';

// What ink-picture's decoder (jimp) reads; SVG, WebP and the rest open in a viewer instead.
const DECODED = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/gif', 'image/bmp', 'image/tiff']);
/** Bigger images are not decoded in the deck's own process: they open in a viewer. */
const DRAW_MAX_BYTES = 8 * 2 ** 20;

/** A saved image the terminal can be given to draw. */
export function canDraw(file: SavedFile): boolean {
  const base = (file.mimeType ?? '').split(';')[0]!.trim().toLowerCase();
  return file.what === 'image' && DECODED.has(base) && file.bytes <= DRAW_MAX_BYTES;
}
