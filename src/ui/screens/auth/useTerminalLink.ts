import { useStdout } from 'ink';
import { sanitizeLine } from '../../../util/sanitize.js';

/**
 * Makes text a terminal hyperlink (OSC 8) to `url` on a real terminal; undefined where
 * the output is not one (a test's fake stdout gets plain text). Ended by BEL, not ST as
 * src/util/hyperlink.ts does: Ink's tokenizer knows only the BEL form as zero-width, and
 * counts an ST-ended link's URL as text, which pushes the rest of the row (the overlay's
 * border) out of place.
 */
export function useTerminalLink(url: string | undefined): ((text: string) => string) | undefined {
  const { stdout } = useStdout();
  if (!url || !stdout.isTTY) return undefined;
  const target = sanitizeLine(url);
  return (text) => terminalLink(target, text);
}

/** `text` as an OSC 8 link to `url` (already free of control characters), in the form Ink measures. */
export function terminalLink(url: string, text: string): string {
  return `\x1b]8;;${url}\x07${text}\x1b]8;;\x07`;
}
