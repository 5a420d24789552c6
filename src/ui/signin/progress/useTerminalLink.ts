import { useStdout } from 'ink';
import { terminalLink } from '../../../util/hyperlink.js';
import { sanitizeLine } from '../../../util/sanitize.js';

/**
 * Makes text a terminal hyperlink (OSC 8) to `url` on a real terminal; undefined where
 * the output is not one (a test's fake stdout gets plain text).
 */
export function useTerminalLink(url: string | undefined): ((text: string) => string) | undefined {
  const { stdout } = useStdout();
  if (!url || !('isTTY' in stdout && stdout.isTTY)) return undefined;
  const target = sanitizeLine(url);
  return (text) => terminalLink(target, text);
}
