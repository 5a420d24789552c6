import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { approvedAsRead } from '../integration/helpers/approved.js';
import { createDeck, type Deck } from '../../src/core/deck.js';
import { openSecretStore } from '../../src/core/secrets/store.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';

describe('a ${input:id} value asked in the deck', () => {
  let deck: Deck;
  let app: Rendered;
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  it('is a one-field form typed behind bullets; the answer goes to the secret store', async () => {
    const root = mkdtempSync(join(tmpdir(), 'mcpdeck-ui-input-'));
    mkdirSync(join(root, '.vscode'));
    const file = join(root, '.vscode', 'mcp.json');
    const servers = { svc: { command: 'mcpdeck-no-such-command', env: { TOKEN: '${input:token}' } } };
    writeFileSync(file, JSON.stringify({
      inputs: [{ type: 'promptString', id: 'token', description: 'Service token', password: true }],
      servers,
    }));
    const secrets = () => openSecretStore({ dir: join(root, 'config') });
    // The workspace file was approved before: its server may ask and run.
    const where = { cwd: root, home: join(root, 'home'), env: {} };
    deck = await createDeck({ ...where, secrets, approved: approvedAsRead(where, 'svc') });
    app = renderApp(deck);
    const form = await app.waitFor('mcpdeck asks you to fill in a form');
    expect(form).toContain('server "svc" needs ${input:token}');
    expect(form).toContain('Service token');
    await app.press('h', 'u', 's', 'h');
    const typed = await app.waitFor('••••');
    expect(typed).not.toContain('hush');
    await app.press(KEY.ctrl('s'));
    // The form goes, and the server runs with the answer (its command does not exist).
    await app.waitFor((f) => f.includes('command not found on PATH') && !f.includes('fill in a form'));
    expect(await (await secrets()).get(`input:${file}:token`)).toBe('hush');
  });
});
