import { render } from 'ink';
import type { Deck } from '../core/deck.js';
import { createTheme } from './theme/theme.js';
import { Root } from './Root.js';
import { openInBrowser } from '../core/browser.js';

const ALT_SCREEN_ON = '\x1b[?1049h';
const ALT_SCREEN_OFF = '\x1b[?1049l';
// Bracketed paste: the terminal marks pasted text, which then goes into a field whole.
const PASTE_ON = '\x1b[?2004h';
const PASTE_OFF = '\x1b[?2004l';

/** Runs the TUI on the terminal's alternate screen until the person quits. */
export async function runTui(deck: Deck): Promise<void> {
  const { stdout } = process;
  stdout.write(ALT_SCREEN_ON + PASTE_ON);
  const restore = () => stdout.write(PASTE_OFF + ALT_SCREEN_OFF);
  process.once('exit', restore);
  const app = render(<Root deck={deck} theme={createTheme(process.env)} opener={(url) => openInBrowser(url)} />, { exitOnCtrlC: false, patchConsole: true });
  void deck.connectAll();
  try {
    await app.waitUntilExit();
  } finally {
    app.cleanup();
    process.off('exit', restore);
    restore();
  }
}
