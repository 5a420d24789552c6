import { afterEach } from 'vitest';
import type { Deck } from '../../../src/core/deck.js';
import { deckWith } from '../../integration/helpers/deck.js';
import { KEY, renderApp, type Rendered } from './render.js';

/**
 * The whole app over a real deck, driven the way a person calls a tool: open the
 * server, filter its tools, enter, fill the form. Stopped after each test.
 */
export function callApp() {
  let deck: Deck | undefined;
  let app: Rendered | undefined;
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
    app = deck = undefined;
  });
  const typeText = (text: string) => app!.press(...[...text]);
  const send = () => app!.press(KEY.ctrl('s'));
  /** Waits until the footer offers `hint`: then the layer that takes its key is live. */
  const offered = (hint: string, ms?: number) => app!.waitFor((f) => (f.trimEnd().split('\n').at(-1) ?? '').includes(hint), ms);

  /** Moves the dashboard selection to `name`, one key press at a time. */
  async function selectServer(name: string): Promise<void> {
    const selected = new RegExp(`^› ${name}\\s`, 'm');
    await app!.waitFor(new RegExp(`${name}\\s+✓ connected`));
    while (!selected.test(app!.frame())) {
      const before = app!.frame();
      const rows = before.split('\n');
      const below = rows.findIndex((r) => r.startsWith('› ')) < rows.findIndex((r) => r.startsWith(`  ${name} `));
      await app!.press(below ? KEY.down : KEY.up);
      await app!.waitFor((f) => f !== before);
    }
  }

  /** From the dashboard, the way a person does it: open the server, `/` filter the tools, enter. */
  async function openTool(server: string, tool: string): Promise<string> {
    await selectServer(server);
    await app!.press(KEY.enter);
    await offered('enter call');
    await app!.press('/');
    await app!.waitFor('type to filter');
    await typeText(tool);
    await app!.waitFor(`/ ${tool}`);
    for (const ready of ['enter call', 'ctrl+s send']) {
      await app!.press(KEY.enter);
      await offered(ready);
    }
    return app!.frame();
  }

  async function start(servers: Record<string, unknown>, extra: Parameters<typeof deckWith>[1] = {}, size = { columns: 100, rows: 30 }) {
    deck = await deckWith(servers, extra);
    app = renderApp(deck, size);
    void deck.connectAll();
  }

  const confirmAsked = async () => {
    const frame = await app!.waitFor('Send this call?');
    await offered('y yes');
    return frame;
  };

  return {
    get app() {
      return app!;
    },
    get deck() {
      return deck!;
    },
    typeText, send, offered, selectServer, openTool, start, confirmAsked,
  };
}
