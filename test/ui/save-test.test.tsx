import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeck, type Deck } from '../../src/core/deck.js';
import { normalizeEntry } from '../../src/core/config/normalize.js';
import { deckWith } from '../integration/helpers/deck.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';
import { everythingStdio } from '../helpers/servers.js';

let deck: Deck | undefined;
let app: Rendered | undefined;
afterEach(async () => {
  app?.unmount();
  await deck?.close();
  app = deck = undefined;
});

const everything = everythingStdio();
const footer = () => app!.frame().trimEnd().split('\n').at(-1) ?? '';

/** Opens the server, filters to `tool`, fills `keys` into its form and sends it; resolves on the result. */
async function callTool(tool: string, keys: string[], result: string): Promise<void> {
  await app!.waitFor('✓ connected');
  await app!.press(KEY.enter);
  await app!.waitFor((f) => footer().includes('enter call') && f.includes('Tools ('));
  await app!.press('/', ...tool, KEY.enter);
  await app!.waitFor(`› ${tool}`);
  await app!.press(KEY.enter);
  await app!.waitFor('[ call ]');
  await app!.press(...keys, KEY.ctrl('s'));
  await app!.waitFor(result);
}

describe('t on a result: saving the call as a test', () => {
  it('saves nothing without an expectation checked, and says why a file cannot be written', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'mcpdeck-save-'));
    mkdirSync(join(cwd, 'a-folder'));
    deck = await deckWith({ everything }, { cwd });
    app = renderApp(deck, { columns: 110, rows: 32 });
    await deck.connectAll();
    await callTool('echo', [...'hi'], 'Echo: hi');
    await app.press('t');
    await app.waitFor('Save echo as a test');
    expect(footer()).toContain('space check/uncheck');
    // Uncheck the text and isError: nothing is left to check, and enter saves nothing.
    await app.press(' ');
    await app.waitFor(/› \[ \] text equals "Echo: hi"/);
    await app.press(KEY.down, KEY.down);
    await app.waitFor(/› \[x\] isError is false/);
    await app.press(' ');
    await app.waitFor('check at least one expectation to save');
    expect(footer()).not.toContain('enter save');
    await app.press(' ', KEY.down, KEY.down);
    await app.waitFor(/› file: /);
    for (let i = 0; i < 'mcpdeck.tests.json'.length; i++) await app.press(KEY.backspace);
    await app.press(...'a-folder', KEY.enter);
    await app.waitFor('could not save the test');
    // esc goes back to the result, which still offers t.
    await app.press(KEY.esc);
    await app.waitFor((f) => !f.includes('Save echo as a test') && footer().includes('t save test'));
    await app.press('t');
    await app.waitFor('file: mcpdeck.tests.json');
    await app.press(KEY.enter);
    await app.waitFor('saved the test "echo message=hi"');
    expect(JSON.parse(readFileSync(join(cwd, 'mcpdeck.tests.json'), 'utf8').replace(/^\/\/.*\n/, '')).tests[0]).toMatchObject({ server: 'everything', tool: 'echo', arguments: { message: 'hi' }, expect: { text: { equals: 'Echo: hi' }, isError: false } });
    // A call checked before it was sent says nothing of validation.
    expect(JSON.parse(readFileSync(join(cwd, 'mcpdeck.tests.json'), 'utf8').replace(/^\/\/.*\n/, '')).tests[0]).not.toHaveProperty('validate');
  });

  it('is not offered for an ad hoc server, which a saved test could not name', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'mcpdeck-save-'));
    deck = await createDeck({ cwd, env: process.env, adhoc: [normalizeEntry('adhoc', everything, { kind: 'adhoc', label: 'command line' }, process.env)] });
    app = renderApp(deck, { columns: 110, rows: 32 });
    await deck.connectAll();
    await callTool('echo', [...'hi'], 'Echo: hi');
    await app.waitFor(() => footer().includes('c copy'));
    expect(footer()).not.toContain('save test');
    await app.press('t');
    expect(app.frame()).not.toContain('as a test');
  });
});
