import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Box } from 'ink';
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
import { Opening } from './start.js';

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
                <WholeFirstFrame>
                  <App />
                </WholeFirstFrame>
              </KeptContext.Provider>
            </KeysProvider>
          </ImagesContext.Provider>
        </OpenerContext.Provider>
      </ThemeContext.Provider>
    </DeckContext.Provider>
  );
}

/**
 * The screens mount hidden behind the opening frame (start.tsx) until their key bindings
 * are registered (layout effects, children first): the first frame drawn has its footer,
 * and Ink draws it once, not once without the footer and again with it.
 */
function WholeFirstFrame({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useLayoutEffect(() => setMounted(true), []);
  return (
    <>
      {mounted ? null : <Opening />}
      <Box display={mounted ? 'flex' : 'none'} flexDirection="column">
        {children}
      </Box>
    </>
  );
}
