import type { Deck } from '../core/deck.js';
import { DeckContext } from './DeckContext.js';
import { KeysProvider } from './keys/KeysProvider.js';
import { ThemeContext } from './theme/ThemeContext.js';
import type { Theme } from './theme/theme.js';
import { OpenerContext, type Opener } from './system/OpenerContext.js';
import { App } from './App.js';

/** Everything the app reads from outside React, handed in once. */
export function Root({ deck, theme, opener }: { deck: Deck; theme: Theme; opener?: Opener }) {
  return (
    <DeckContext.Provider value={deck}>
      <ThemeContext.Provider value={theme}>
        <OpenerContext.Provider value={opener}>
          <KeysProvider>
            <App />
          </KeysProvider>
        </OpenerContext.Provider>
      </ThemeContext.Provider>
    </DeckContext.Provider>
  );
}
