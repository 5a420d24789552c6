// Rows the deck wraps itself, read at 80 and 120 columns: the Info tab's transport
// fallback reason (a real SSE-only server) and the Tools tab's detail panel.
import { render } from 'ink-testing-library';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import type { ToolInfo } from '../../src/core/servers/tools.js';
import { ToolDetail } from '../../src/ui/server/tools/ToolDetail.js';
import { ThemeContext } from '../../src/ui/theme/ThemeContext.js';
import { createTheme } from '../../src/ui/theme/theme.js';
import { deckWith } from '../integration/helpers/deck.js';
import { startEverything, type RunningServer } from '../integration/helpers/everything.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';

describe('the Info tab of a server reached over SSE after Streamable HTTP answered 404', () => {
  let sse: RunningServer;
  let deck: Deck;
  let app: Rendered;
  beforeAll(async () => {
    sse = await startEverything('sse');
  });
  afterAll(async () => {
    await sse?.stop();
  });
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  it.each([80, 120])('at %i columns puts the reason\'s further rows under the value, not at column 0', async (columns) => {
    deck = await deckWith({ guess: { url: sse.url } });
    app = renderApp(deck, { columns, rows: 40 });
    await deck.connectAll();
    await app.waitFor('✓ connected');
    await app.press(KEY.enter);
    await app.press('5');
    const info = await app.waitFor('Capabilities');
    const rows = info.split('\n');
    const from = rows.findIndex((r) => /^Transport\s+sse\b/.test(r)) + 1;
    const to = rows.findIndex((r) => r.startsWith('Source'));
    const reason = rows.slice(from, to);
    expect(reason.length).toBeGreaterThan(1);
    for (const row of reason) expect(row).toMatch(/^ {14}\S/);
    expect(reason.map((r) => r.trim()).join(' ')).toBe(`${sse.url} answered HTTP 404 to Streamable HTTP, so mcpdeck connected with the older HTTP+SSE transport (set "type": "sse" to skip the first try)`);
  });
});

describe('the Tools tab\'s detail panel', () => {
  let unmount: (() => void) | undefined;
  afterEach(() => unmount?.());

  it('at 80 columns starts no wrapped row with the space it broke at, and gives the description the rows its words take', () => {
    // The first row fills the 80 columns exactly; the second line has a double space at a break.
    const description = `${'Reads a note by its id and returns its body as plain text, with its title and'.padEnd(80, '.')} the tags it carries.\n${'word '.repeat(15)}abcd  efgh ijkl`;
    const tool: ToolInfo = { name: 'read_note', qualifiedName: 'mcp__notes__read_note', description, inputSchema: { type: 'object' } };
    const app = render(
      <ThemeContext.Provider value={createTheme({ NO_COLOR: '1' })}>
        <ToolDetail tool={tool} height={12} width={80} />
      </ThemeContext.Provider>,
    );
    unmount = app.unmount;
    const rows = (app.lastFrame() ?? '').split('\n');
    const from = rows.findIndex((r) => r.startsWith('Reads a note'));
    const shown = rows.slice(from, from + 4);
    expect(shown).toEqual([
      `${'Reads a note by its id and returns its body as plain text, with its title and'.padEnd(80, '.')}`,
      'the tags it carries.',
      `${'word '.repeat(15)}abcd`,
      'efgh ijkl',
    ]);
  });
});
