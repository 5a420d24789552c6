import type { Deck } from '../../../src/core/deck.js';
import type { Opener } from '../../../src/ui/system/OpenerContext.js';
import type { ImageProtocol } from '../../../src/ui/system/image-protocol.js';
import { deckWith } from '../../integration/helpers/deck.js';
import { KEY, renderApp, type Rendered } from './render.js';
import { everythingStdio } from '../../helpers/servers.js';

const everything = everythingStdio();

/** The app over a real deck with server-everything over stdio, driven the way a person does. */
export interface Session {
  deck: Deck;
  app: Rendered;
  /** Every URL the app asked to open, in order. */
  opened: string[];
  typeText: (text: string) => Promise<void>;
  /** Waits until the footer offers `hint`: the layer that takes its key is live. */
  offered: (hint: string, ms?: number) => Promise<string>;
  /** From the dashboard: open the server, `/` filter its tools, enter opens the form. */
  openTool: (server: string, tool: string) => Promise<string>;
  close: () => Promise<void>;
}

export async function startSession(
  size = { columns: 100, rows: 30 },
  servers: Record<string, unknown> = { everything },
  { images }: { images?: ImageProtocol } = {},
): Promise<Session> {
  const deck = await deckWith(servers);
  const opened: string[] = [];
  const opener: Opener = async (url) => void opened.push(url);
  const app = renderApp(deck, { ...size, opener, images });
  void deck.connectAll();
  const typeText = (text: string) => app.press(...[...text]);
  const offered = (hint: string, ms?: number) => app.waitFor((f) => (f.trimEnd().split('\n').at(-1) ?? '').includes(hint), ms);
  const openTool = async (server: string, tool: string) => {
    await app.waitFor(new RegExp(`^› ${server}\\s+✓ connected`, 'm'), 20_000);
    await app.press(KEY.enter);
    await offered('enter call');
    await app.press('/');
    await app.waitFor('type to filter');
    await typeText(tool);
    await app.waitFor(`/ ${tool}`);
    for (const ready of ['enter call', 'ctrl+s send']) {
      await app.press(KEY.enter);
      await offered(ready);
    }
    return app.frame();
  };
  return {
    deck,
    app,
    opened,
    typeText,
    offered,
    openTool,
    close: async () => {
      app.unmount();
      await deck.close();
    },
  };
}

/** Every line of the frame fits the terminal. */
export function fits(frame: string, columns: number, rows: number): boolean {
  const lines = frame.split('\n');
  return lines.length <= rows && lines.every((l) => [...l].length <= columns);
}
