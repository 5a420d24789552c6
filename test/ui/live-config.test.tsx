import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeck, type Deck } from '../../src/core/deck.js';
import { openUserCatalog } from '../../src/core/config/user-catalog.js';
import { sandbox } from '../integration/helpers/cli.js';
import { renderApp, type Rendered } from './helpers/render.js';

describe('the deck while its configuration changes', () => {
  let deck: Deck;
  let app: Rendered;
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  it('says what a change did under the breadcrumb; a broken file keeps its servers listed and says why', async () => {
    const box = sandbox();
    mkdirSync(box.env.MCPDECK_CONFIG_DIR!, { recursive: true });
    const catalog = join(box.env.MCPDECK_CONFIG_DIR!, 'servers.json');
    writeFileSync(catalog, JSON.stringify({ mcpServers: { first: { command: 'x', disabled: true } } }));
    deck = await createDeck({ cwd: box.cwd, env: box.env, userCatalog: openUserCatalog(box.env) });
    deck.watchConfig();
    app = renderApp(deck, { columns: 120, rows: 30 });
    await app.waitFor(/first\s+⊘ disabled/);

    writeFileSync(catalog, JSON.stringify({ mcpServers: { first: { command: 'x', disabled: true }, second: { command: 'y', disabled: true } } }));
    const added = await app.waitFor('↻ config reloaded: +1 −0 ~0');
    expect(added).toMatch(/second\s+⊘ disabled/);
    expect(added.split('\n')[1]).toContain('config reloaded');

    writeFileSync(catalog, '{"mcpServers": {"first": ');
    const broken = await app.waitFor('✗ config reloaded: +0 −0 ~0 · the user catalog');
    expect(broken).toMatch(/JSON syntax\s+error: expected a value; fix or delete it; its servers stay as last read/);
    expect(broken).toMatch(/first\s+⊘ disabled/);
    expect(broken).toMatch(/second\s+⊘ disabled/);
  });
});
