import { useState } from 'react';
import type { Deck } from '../core/deck.js';
import { DeckContext } from './DeckContext.js';
import { KeysProvider } from './keys/KeysProvider.js';
import { ThemeContext } from './theme/ThemeContext.js';
import type { Theme } from './theme/theme.js';
import { OpenerContext, type Opener } from './system/OpenerContext.js';
import { ImagesContext } from './system/ImagesContext.js';
import type { ImageProtocol } from './system/image-protocol.js';
import { KeptContext } from './hooks/useKept.js';
import { App } from './App.js';

/** Everything the app reads from outside React, handed in once. */
export function Root({ deck, theme, opener, images }: { deck: Deck; theme: Theme; opener?: Opener; images?: ImageProtocol }) {
  const [kept] = useState(() => new Map<string, unknown>());
  return (
    <DeckContext.Provider value={deck}>
      <ThemeContext.Provider value={theme}>
        <OpenerContext.Provider value={opener}>
          <ImagesContext.Provider value={images}>
            <KeysProvider>
              <KeptContext.Provider value={kept}>
                <App />
              </KeptContext.Provider>
            </KeysProvider>
          </ImagesContext.Provider>
        </OpenerContext.Provider>
      </ThemeContext.Provider>
    </DeckContext.Provider>
  );
}
