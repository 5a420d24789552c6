import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { everythingApp, type EverythingApp } from './helpers/everything-app.js';
import { KEY, type Rendered } from './helpers/render.js';

const selectedRow = (frame: string) => frame.split('\n').find((l) => l.startsWith('›')) ?? '';
const firstWord = (row: string) => /^›\s+(\S+)/.exec(row)?.[1];

/** Like lazygit and k9s: each tab's list is where it was left, after another tab or screen. */
describe('a server tab keeps its filter and selection for the session', () => {
  let open: EverythingApp | undefined;
  let app: Rendered;
  beforeEach(async () => {
    open = await everythingApp();
    ({ app } = open);
    await app.press(KEY.enter);
    await app.waitFor(/Tools.*Resources.*Prompts/);
  });
  afterEach(() => open?.close());

  it('after another tab, and after leaving the server and coming back, Enter opens the tool that was picked', async () => {
    await app.press('/', ...'get', KEY.enter);
    const filtered = await app.waitFor((f) => /\/ get/.test(f) && !f.includes('type to filter'));
    const first = firstWord(selectedRow(filtered));
    await app.press(KEY.down);
    const moved = await app.waitFor((f) => firstWord(selectedRow(f)) !== first);
    const picked = firstWord(selectedRow(moved))!;
    expect(picked).toMatch(/^get-/);

    await app.press('2');
    await app.waitFor('Dynamic Text Resource');
    await app.press('1');
    const back = await app.waitFor((f) => !f.includes('Dynamic Text Resource') && selectedRow(f) !== '');
    expect(back).toMatch(/\/ get/);
    expect(firstWord(selectedRow(back))).toBe(picked);

    // Left from another tab (esc there goes back at once) and opened again: on that tab,
    // and Tools as it was left.
    await app.press('4');
    await app.waitFor('log messages');
    await app.press(KEY.esc);
    await app.waitFor((f) => !/Tools.*Resources/.test(f));
    await app.press(KEY.enter);
    await app.waitFor((f) => /Tools.*Resources/.test(f) && f.includes('log messages'));
    await app.press('1');
    // The server screen, not the dashboard still on screen (its row is selected too).
    const again = await app.waitFor((f) => /Tools.*Resources/.test(f) && selectedRow(f) !== '' && !f.includes('log messages'));
    expect(again).toMatch(/\/ get/);
    expect(firstWord(selectedRow(again))).toBe(picked);
    await app.press(KEY.enter);
    const form = await app.waitFor('ctrl+s send');
    expect(form.split('\n')[0]).toMatch(new RegExp(`› ${picked}$`));
  });

  it('a filter typed starts at its first match shown: Enter opens that one, not the one picked before', async () => {
    await app.press('/', ...'sum', KEY.enter);
    await app.waitFor((f) => firstWord(selectedRow(f)) === 'get-sum' && !f.includes('type to filter'));
    await app.press(KEY.esc);
    await app.waitFor((f) => !/\/ sum/.test(f) && firstWord(selectedRow(f)) === 'get-sum');
    // get-sum matches "get" too, but it is not the first match.
    await app.press('/', ...'get', KEY.enter);
    const filtered = await app.waitFor((f) => /\/ get/.test(f) && !f.includes('type to filter'));
    const firstShown = /^[› ] +(get-\S+)/m.exec(filtered)?.[1];
    expect(firstShown).not.toBe('get-sum');
    expect(firstWord(selectedRow(filtered))).toBe(firstShown);
    await app.press(KEY.enter);
    const form = await app.waitFor('ctrl+s send');
    expect(form.split('\n')[0]).toMatch(new RegExp(`› ${firstShown}$`));
  });

  it('esc clears the filter the way it always did, and the cleared one is what is kept', async () => {
    await app.press('/', ...'sum', KEY.enter);
    await app.waitFor((f) => firstWord(selectedRow(f)) === 'get-sum' && !f.includes('type to filter'));
    await app.press(KEY.esc);
    await app.waitFor((f) => !/\/ sum/.test(f) && /Tools \(\d+\)/.test(f));
    expect(firstWord(selectedRow(app.frame()))).toBe('get-sum');
    await app.press('3');
    await app.waitFor('Arguments Prompt');
    await app.press('1');
    const back = await app.waitFor((f) => firstWord(selectedRow(f)) === 'get-sum');
    expect(back).not.toMatch(/^\/ /m);
  });
});
