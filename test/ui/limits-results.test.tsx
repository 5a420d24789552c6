// The call screen with huge results from a real stdio server: the first part and a
// note of what is left out, blocks paged with ] and [, search that stays in what is
// held, `s` saving every byte, and a 1 MB description read only as far as it shows.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { savedFilesDir } from '../../src/core/calls/saver.js';
import { deckWith } from '../integration/helpers/deck.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';

const BIG = fileURLToPath(new URL('../fixtures/servers/big-results.mjs', import.meta.url));
const SLOW = 120_000;

let deck: Deck | undefined;
let app: Rendered | undefined;
let temp: string;
const realTmp = process.env.TMPDIR;

// Saved files go under the temp dir: one of this test's own, so they can be found and removed.
beforeAll(() => {
  temp = mkdtempSync(join(tmpdir(), 'mcpdeck-limits-ui-'));
  process.env.TMPDIR = temp;
});
afterAll(() => {
  if (realTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = realTmp;
  rmSync(temp, { recursive: true, force: true });
});
afterEach(async () => {
  app?.unmount();
  await deck?.close();
  app = deck = undefined;
});

const footer = (f: string) => f.trimEnd().split('\n').at(-1) ?? '';
const offered = (hint: string, ms?: number) => app!.waitFor((f) => footer(f).includes(hint), ms);

async function start(size = { columns: 100, rows: 30 }) {
  deck = await deckWith({ big: { command: process.execPath, args: [BIG] } }, { demo: true });
  app = renderApp(deck, size);
  void deck.connectAll();
  await app.waitFor(/demo\s+✓ connected/);
  await app.waitFor(/big\s+✓ connected/);
  while (!/^› ?big\s/m.test(app.frame())) {
    const before = app.frame();
    await app.press(KEY.up);
    await app.waitFor((f) => f !== before);
  }
  await app.press(KEY.enter);
  await offered('enter call');
}

/** On the Tools tab: `/` filters to the tool; with `call`, enter opens its form. */
async function pick(tool: string, call = true): Promise<string> {
  await app!.press('/');
  await app!.waitFor('type to filter');
  await app!.press(...tool);
  await app!.waitFor(`/ ${tool}`);
  await app!.press(KEY.enter);
  await offered('enter call');
  if (!call) return app!.frame();
  await app!.press(KEY.enter);
  return offered('ctrl+s send');
}

const callIt = async (ms = 60_000) => {
  await app!.press(KEY.ctrl('s'));
  return app!.waitFor('✓ ok', ms);
};

describe('a 50 MB result on the call screen (80x24)', () => {
  it('shows its start and what is left out; search stays in what is shown; s saves all of it', async () => {
    await start({ columns: 80, rows: 24 });
    await pick('big_text');
    const shown = await callIt();
    expect(shown).toContain('showing the first 2.0 MB of 50.0 MB; s saves the whole result to a file');
    expect(shown).toMatch(/^BIG-TEXT-START$/m);
    expect(footer(shown)).toContain('s save all');

    await app!.press('/');
    await app!.waitFor('search:');
    await app!.press(...'big-text-end', KEY.enter);
    await app!.waitFor('no match for "big-text-end"');
    await app!.press('/');
    await app!.waitFor('search: big-text-end');
    await app!.press(...Array.from('big-text-end', () => KEY.backspace), ...'very-long-line', KEY.enter);
    // Every occurrence is a match now: past 10,000 the count says so ("10,000+").
    await app!.waitFor(/match 1\/[\d,]+\+? for "very-long-line"/);
    await app!.press('G');
    await app!.waitFor('── cut here: 48.0 MB more not shown ──');

    await app!.press('s');
    const saved = await app!.waitFor('saved the whole result (JSON) 50.', 60_000);
    expect(saved.split('\n').length).toBeLessThanOrEqual(24);
    const dir = savedFilesDir('results');
    const [file] = readdirSync(dir).filter((f) => f.endsWith('.json'));
    const json = JSON.parse(readFileSync(join(dir, file!), 'utf8'));
    expect(json.result.content[0].text).toHaveLength(50 * 2 ** 20);
    expect(json.result.content[0].text.endsWith('BIG-TEXT-END')).toBe(true);
  }, SLOW);
});

describe('a result of 10,000 blocks', () => {
  it('shows 200 at a time; ] and [ move between them', async () => {
    await start();
    await pick('many_blocks');
    const first = await callIt();
    expect(first).toContain('showing blocks 1–200 of 10,000 (] next); s saves the whole result to a file');
    expect(first).toMatch(/^block 0: some text$/m);
    expect(first).toContain('50 resource links · o picks one to read');
    await app!.press(']');
    const second = await app!.waitFor('showing blocks 201–400 of 10,000 (] next, [ previous)');
    expect(second).toMatch(/^block 200: some text$/m);
    expect(second).not.toMatch(/^block 0: some text$/m);
    await app!.press('[');
    await app!.waitFor('showing blocks 1–200 of 10,000 (] next)');
    expect(app!.frame()).toMatch(/^block 0: some text$/m);
  }, SLOW);
});

describe('a 1 MB tool description', () => {
  it('shows its start and its size in the tool detail and one line on the call screen', async () => {
    await start();
    const detail = await pick('huge_description', false);
    expect(detail).toContain('HUGE-DESCRIPTION first line The huge description goes on');
    expect(detail).toContain('(the description is 1.0 MB; only its start is shown)');
    await app!.press(KEY.enter);
    const form = await offered('ctrl+s send');
    expect(form).toMatch(/^HUGE-DESCRIPTION first line\s*$/m);
    const result = await callIt();
    expect(result).toMatch(/^small result\s*$/m);
  }, SLOW);
});
