import type { Deck } from '../core/deck.js';
import type { Theme } from './theme/theme.js';
import { Root } from './Root.js';
import { openInBrowser } from '../core/browser.js';
import { detectImageProtocol } from './system/image-protocol.js';
import type { DeckScreen } from './start.js';

/** Runs the TUI in the screen `openScreen` made, until the person quits. */
export async function runTui(deck: Deck, screen: DeckScreen, theme: Theme): Promise<void> {
  const images = detectImageProtocol(process.env, Boolean(process.stdout.isTTY));
  // The servers are already connecting (the ui command starts them before the screens load).
  screen.app.rerender(<Root deck={deck} theme={theme} opener={(url) => openInBrowser(url)} images={images} />);
  // A change to any configuration file (`mcpdeck add` elsewhere, an editor) shows up here.
  const stopWatching = deck.watchConfig();
  // Servers installed from a registry: their marks (a newer version, deprecated) from the last
  // check at once, then the registries asked again in the background. A registry that does not
  // answer leaves the marks as they were: the deck never waits for it.
  void deck.registry.refreshMarks().catch(() => undefined);
  try {
    await screen.app.waitUntilExit();
  } finally {
    stopWatching();
  }
}
