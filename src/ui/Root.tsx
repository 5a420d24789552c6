import type { Deck } from '../core/deck.js';
import { DeckContext } from './DeckContext.js';
import { KeysProvider } from './keys/KeysProvider.js';
import { ThemeContext } from './theme/ThemeContext.js';
import type { Theme } from './theme/theme.js';
import { App } from './App.js';

/** Everything the app reads from outside React, handed in once. */
export function Root({ deck, theme }: { deck: Deck; theme: Theme }) {
  return (
    <DeckContext.Provider value={deck}>
      <ThemeContext.Provider value={theme}>
        <KeysProvider>
          <App />
        </KeysProvider>
      </ThemeContext.Provider>
    </DeckContext.Provider>
  );
}
