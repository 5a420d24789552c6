import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { everythingApp, type EverythingApp } from './helpers/everything-app.js';
import { KEY, type Rendered } from './helpers/render.js';

/**
 * Keys typed faster than they are read (over SSH, a busy event loop, tmux send-keys)
 * arrive as one chunk: each is still its own key, read after the screen has caught up.
 */
describe('keys that arrive together', () => {
  let open: EverythingApp | undefined;
  let app: Rendered;
  beforeEach(async () => {
    open = await everythingApp();
    ({ app } = open);
  });
  afterEach(() => open?.close());

  it('a filter typed with its Enter in one read filters what was typed, with no space after it', async () => {
    await app.press('/');
    await app.waitFor('type to filter');
    await app.press('every\r');
    // Enter kept the filter: the list has the cursor again, on the one server that matches.
    const frame = await app.waitFor(/› everything/);
    expect(frame).not.toMatch(/no server matches/);
    expect(frame).toMatch(/1 of 1/);
    // No space was typed: editing it again and typing on gives "everything".
    await app.press('/');
    await app.press('thing\r');
    await app.waitFor(/\/ everything\s+1 of 1/);
  });

  it('j and Enter in one read in the Tools tab open the tool below', async () => {
    await app.press(KEY.enter);
    await app.waitFor(/Tools \(\d+\)/);
    await app.press('j\r');
    // The second tool's form, not the first's (echo).
    const form = await app.waitFor(/ctrl\+s send/);
    expect(form.split('\n')[0]).toMatch(/› get-annotated-message$/);
  });

  it('text, Enter and Enter in one read fill the field and send: the argument has no trailing space', async () => {
    await app.press(KEY.enter);
    await app.waitFor(/Tools \(\d+\)/);
    await app.press('/', ...'echo', KEY.enter);
    await app.waitFor(/1 of \d+/);
    await app.press(KEY.enter);
    await app.waitFor('message');
    await app.press('mykey\r\r');
    const frame = await app.waitFor('Echo: ');
    expect(frame).toMatch(/Echo: mykey(?! )/);
  });

  it('n twice in one read moves the pager search on twice', async () => {
    await app.press(KEY.enter);
    await app.waitFor(/Tools \(\d+\)/);
    await app.press('2');
    await app.waitFor('architecture.md');
    await app.press('/', ...'architecture', KEY.enter);
    await app.waitFor(/1 of \d+/);
    await app.press(KEY.enter);
    await app.waitFor('line 1 of');
    await app.press('/', ...'the', KEY.enter);
    await app.waitFor(/match 1\/\d+ for "the"/);
    await app.press('nn');
    await app.waitFor(/match 3\/\d+ for "the"/);
  });

  it('a bracketed paste goes into the focused field whole; its line end does not act as Enter', async () => {
    await app.press('/');
    await app.waitFor('type to filter');
    await app.press('\x1b[200~every\r\n\x1b[201~');
    await app.waitFor(/\/ every\s+1 of 1/);
    // Still typing: the pasted line end was not an Enter, and left no space behind.
    await app.press('thing');
    await app.waitFor(/\/ everything\s+1 of 1/);
  });

  it('a paste whose end marker never comes still ends, and the keys after it are read', async () => {
    await app.press('/');
    await app.waitFor('type to filter');
    await app.press('\x1b[200~every');
    await app.waitFor(/\/ every\s+1 of 1/);
    await app.press('thing\r');
    await app.waitFor((f) => /\/ everything\s+1 of 1/.test(f) && !f.includes('enter keep'));
  });
});
