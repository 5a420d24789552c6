import type { Deck } from '../../../src/core/deck.js';
import { deckWith } from '../../integration/helpers/deck.js';
import { renderApp, type Rendered } from './render.js';
import { everythingStdio } from '../../helpers/servers.js';

export interface EverythingApp {
  deck: Deck;
  app: Rendered;
  /** Unmounts the app and closes the deck (its server with it). */
  close: () => Promise<void>;
}

/** The deck with server-everything over stdio, rendered and connected, on the dashboard. */
export async function everythingApp(): Promise<EverythingApp> {
  const deck = await deckWith({ everything: everythingStdio() });
  const app = renderApp(deck);
  await deck.connectAll();
  await app.waitFor('✓ connected');
  const close = async () => {
    app.unmount();
    await deck.close();
  };
  return { deck, app, close };
}
