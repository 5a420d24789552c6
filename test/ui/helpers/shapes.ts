import { fileURLToPath } from 'node:url';
import { deckWith, state, waitForStatus } from '../../integration/helpers/deck.js';

/** The form-shapes fixture server: unions, "X or null", lists of objects in lists of objects. */
const SHAPES = fileURLToPath(new URL('../../fixtures/servers/form-shapes.mjs', import.meta.url));
export const shapesServer = { shapes: { command: process.execPath, args: [SHAPES] } };

/** The input schemas a real server sends for its tools, by tool name. */
export async function toolSchemas(servers: Record<string, { command: string; args: string[] }>): Promise<Record<string, unknown>> {
  const deck = await deckWith(servers);
  try {
    void deck.connectAll();
    const [name] = Object.keys(servers);
    await waitForStatus(deck, name!, ['connected']);
    return Object.fromEntries(state(deck, name!).tools.map((t) => [t.name, t.inputSchema]));
  } finally {
    await deck.close();
  }
}
