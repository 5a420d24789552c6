import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { KEY } from './helpers/render.js';
import { everything, startSession, type Session } from './helpers/elicitation.js';

const media = { command: process.execPath, args: [fileURLToPath(new URL('../fixtures/servers/media.mjs', import.meta.url))] };
const PNG_SIGNATURE = '89504e470d0a1a0a';

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

/** The saved file a `file:` URL the app opened names, and its first bytes. */
const head = (url: string) => readFileSync(fileURLToPath(url)).subarray(0, 8).toString('hex');
const footer = (frame: string) => frame.trimEnd().split('\n').at(-1) ?? '';

describe('an image result', () => {
  it('where the terminal cannot draw: the saved file, and f opens it (only then)', async () => {
    s = await startSession();
    await s.openTool('everything', 'get-tiny-image');
    await s.app.press(KEY.ctrl('s'));
    const result = await s.app.waitFor('✓ ok');
    expect(result).toMatch(/saved image image\/png [\d.]+ (bytes|KB): \S+get-tiny-image-\d+\.png/);
    await s.offered('f open file');
    expect(footer(s.app.frame())).not.toContain('i image');
    expect(s.opened).toEqual([]);
    await s.app.press('f');
    await s.app.waitFor(/handed get-tiny-image-\d+\.png to your browser or viewer/);
    expect(s.opened).toHaveLength(1);
    expect(s.opened[0]).toMatch(/^file:\/\/.*\/results\/get-tiny-image-\d+\.png$/);
    expect(head(s.opened[0]!)).toBe(PNG_SIGNATURE);
  });

  it('where it draws (kitty): i shows the image in the terminal, i again the next, f opens the one shown, esc goes back', async () => {
    s = await startSession({ columns: 100, rows: 30 }, { media }, { images: 'kitty' });
    await s.openTool('media', 'pictures');
    await s.app.press(KEY.ctrl('s'));
    await s.app.waitFor('two pictures follow');
    await s.offered('i image');
    expect(s.app.written()).not.toContain('\x1b_G');
    await s.app.press('i');
    const shown = await s.app.waitFor('image 1 of 2 · image/png');
    expect(shown).toContain('i next image · f opens the file · esc back to the result');
    // ink-picture, loaded now, sends the PNG to the terminal in kitty's graphics protocol.
    await s.app.waitFor(() => /\x1b_G[^;]*a=T[^;]*;[A-Za-z0-9+/=]+/.test(s!.app.written()) || /\x1b_G[^;]*f=100[^;]*;/.test(s!.app.written()));
    await s.app.press('f');
    await s.app.waitFor(/handed pictures-\d+\.png/);
    expect(s.opened).toHaveLength(1);
    await s.app.press('i');
    await s.app.waitFor('image 2 of 2 · image/png');
    await s.app.press('f');
    await s.app.waitFor(() => s!.opened.length === 2);
    // The two opened files are the two images, in order (red, then blue).
    const pixels = s.opened.map((url) => readFileSync(fileURLToPath(url)).toString('hex'));
    expect(pixels[0]).not.toBe(pixels[1]);
    expect(s.opened[0]).toMatch(/pictures-\d+\.png$/);
    await s.app.press(KEY.esc);
    const back = await s.app.waitFor('two pictures follow');
    expect(back).not.toContain('image 2 of 2');
    await s.offered('a call again');
  });

  it('with several files and no image drawing, f picks which one to open', async () => {
    s = await startSession({ columns: 100, rows: 30 }, { media });
    await s.openTool('media', 'pictures');
    await s.app.press(KEY.ctrl('s'));
    await s.app.waitFor('two pictures follow');
    await s.offered('f open file');
    await s.app.press('f');
    const picker = await s.app.waitFor('Open which saved file?');
    expect(picker).toMatch(/image image\/png \d+ bytes +\S+pictures-\d+\.png/);
    await s.offered('enter open');
    await s.app.press(KEY.down, KEY.enter);
    await s.app.waitFor(/handed pictures-\d+\.png/);
    expect(s.opened).toHaveLength(1);
    expect(head(s.opened[0]!)).toBe(PNG_SIGNATURE);
  });
});

describe('small blobs of text', () => {
  it('server-everything: a blob resource of text/plain is shown as text, and saved', async () => {
    s = await startSession();
    await s.openTool('everything', 'get-resource-reference');
    // The first field is the resource type: Text → Blob.
    await s.app.press(KEY.right);
    await s.app.waitFor(/Blob/);
    await s.app.press(KEY.ctrl('s'));
    const result = await s.app.waitFor('✓ ok');
    expect(result).toMatch(/resource text\/plain, \d+ bytes → saved to \S+\.txt\]/);
    expect(result).toMatch(/\.txt\]\n *Resource 1: This is a base64 blob created at/);
  });

  it('a hostile blob shows its control sequences as markers; a big or binary one is only saved', async () => {
    s = await startSession({ columns: 120, rows: 40 }, { media });
    await s.openTool('media', 'blobs');
    await s.app.press(KEY.ctrl('s'));
    const result = await s.app.waitFor('end of note');
    expect(result).toContain('a note in a blob ⟦ESC[2J⟧⟦OSC 52 clipboard⟧ end of note');
    expect(result).toContain('"kind": "json blob"');
    expect(result).not.toContain('BIGxxx');
    expect(s.app.written()).not.toContain('\x1b[2J');
    expect(s.app.written()).not.toContain('\x1b]52;c;ZXZpbA==');
  });
});
