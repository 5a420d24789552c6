import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memorySourceSettings } from '../../src/core/config/source-settings.js';
import { createDeck, type Deck } from '../../src/core/deck.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';

/** A home with a Cursor and a Windsurf file, each with a disabled server (nothing connects). */
async function deckWithClients(): Promise<Deck> {
  const root = mkdtempSync(join(tmpdir(), 'mcpdeck-ui-sources-'));
  const home = join(root, 'home');
  mkdirSync(join(home, '.cursor'), { recursive: true });
  mkdirSync(join(home, '.codeium', 'windsurf'), { recursive: true });
  writeFileSync(join(home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { 'from-cursor': { command: 'x', disabled: true } } }));
  writeFileSync(join(home, '.codeium', 'windsurf', 'mcp_config.json'), JSON.stringify({ mcpServers: { 'from-windsurf': { command: 'y', disabled: true } } }));
  return createDeck({ cwd: root, home, env: {}, sourceSettings: memorySourceSettings() });
}

describe('the sources list', () => {
  let deck: Deck;
  let app: Rendered;
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  it('the dashboard shows where each server comes from; s lists the sources, space hides one and its servers go', async () => {
    deck = await deckWithClients();
    app = renderApp(deck);
    const dashboard = await app.waitFor('from-windsurf');
    expect(dashboard).toMatch(/from-cursor .*\.cursor\/mcp/);
    expect(dashboard).toMatch(/from-windsurf .*windsurf\/mcp_config/);
    // Each key waits for the screen it is meant for: under load, a key sent before its
    // screen is drawn reaches the screen before it.
    await app.press('s');
    const list = await app.waitFor('Sources, lowest precedence first');
    expect(list).toMatch(/● cursor\s+1 server/);
    expect(list).toMatch(/● windsurf\s+1 server/);
    expect(list).toContain('space hide/show');
    await app.press(KEY.down);
    await app.waitFor(/› ● windsurf/);
    await app.press(' ');
    await app.waitFor(/○ windsurf\s+hidden/);
    await app.press(KEY.esc);
    await app.waitFor((f) => f.includes('from-cursor') && !f.includes('from-windsurf') && !f.includes('Sources, lowest'));
    await app.press('s');
    await app.waitFor('Sources, lowest precedence first');
    await app.press(KEY.down);
    await app.waitFor(/› ○ windsurf/);
    await app.press(KEY.enter);
    await app.waitFor(/● windsurf\s+1 server/);
    await app.press('s');
    await app.waitFor((f) => f.includes('from-windsurf') && !f.includes('Sources, lowest'));
  });
});
