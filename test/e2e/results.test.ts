import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fakeBrowser } from './helpers/fake-browser.js';
import { openTerminal, type Terminal } from './helpers/tmux.js';
import { openTool } from './helpers/tools.js';
import { everythingStdio } from '../helpers/servers.js';
import { until } from '../helpers/until.js';

const everything = everythingStdio();
const footer = (screen: string) => screen.trimEnd().split('\n').at(-1) ?? '';

describe('results in a real terminal', () => {
  let term: Terminal | undefined;
  afterEach(() => term?.stop());

  it('an image on tmux: no graphics and no terminal queries, the saved file, and f opens it', async () => {
    const browser = fakeBrowser();
    // The outer terminal says it draws (kitty, iTerm2), but tmux sits between: it counts as unable.
    term = openTerminal({ everything }, { env: { ...browser.env, KITTY_WINDOW_ID: '1', TERM_PROGRAM: 'iTerm.app' } });
    // Everything the app writes to the terminal, before tmux reads it.
    const raw = join(term.dir, 'raw-output');
    term.tmux('pipe-pane', '-o', '-t', 'main', `cat >> '${raw}'`);
    await openTool(term, 'get-tiny-image', 'Get Tiny Image Tool');
    await term.keys('C-s');
    const result = await term.waitFor((s) => s.includes('✓ ok') && s.includes('f open file'));
    const saved = /saved image image\/png [\d.]+ (?:bytes|KB): (\S+get-tiny-image-\d+\.png)/.exec(result);
    expect(saved, result).not.toBeNull();
    expect(footer(result)).not.toContain('i image');
    expect(browser.opened()).toEqual([]);
    await term.keys('f');
    await term.waitFor(/handed get-tiny-image-\d+\.png to your browser or viewer/);
    // Handed on as the browser starts: the recorder writes the URL down a moment later.
    await until(() => browser.opened().length > 0, 'the saved image handed to the browser');
    const url = browser.opened()[0]!;
    expect(url).toMatch(/^file:\/\/\S+get-tiny-image-\d+\.png$/);
    expect(fileURLToPath(url)).toBe(saved![1]);
    expect(readFileSync(fileURLToPath(url)).subarray(0, 4).toString('hex')).toBe('89504e47');
    // No kitty graphics, no sixel, no iTerm2 image, no query for the terminal to answer.
    expect(existsSync(raw)).toBe(true);
    const written = readFileSync(raw, 'latin1');
    expect(written).toContain('get-tiny-image');
    for (const sequence of ['\x1b_G', '\x1bPq', '\x1b]1337;File', '\x1b[c', '\x1b[16t', '\x1b[14t']) expect(written).not.toContain(sequence);
  });

  it('told the terminal draws kitty graphics (MCPDECK_IMAGES), i sends the image with it and places it; esc takes it away', async () => {
    term = openTerminal({ everything }, { env: { MCPDECK_IMAGES: 'kitty' } });
    const raw = join(term.dir, 'raw-output');
    term.tmux('pipe-pane', '-o', '-t', 'main', `cat >> '${raw}'`);
    await openTool(term, 'get-tiny-image', 'Get Tiny Image Tool');
    await term.keys('C-s');
    await term.waitFor((s) => s.includes('✓ ok') && s.includes('i image'));
    await term.keys('i');
    const shown = await term.waitFor('image 1 of 1 · image/png');
    expect(shown).not.toContain('could not draw the image');
    // The bundled image component loads, decodes the saved PNG, sends it (f=100: PNG data) and places it (a=p).
    const written = () => (existsSync(raw) ? readFileSync(raw, 'latin1') : '');
    await term.waitFor(() => /\x1b_Ga=p,i=\d+/.test(written()), 20_000);
    const chunks = [...written().matchAll(/\x1b_G([^;\x1b]*);([A-Za-z0-9+/=]*)\x1b\\/g)];
    const first = chunks.findIndex((m) => /(^|,)f=100/.test(m[1]!));
    const last = chunks.findIndex((m, i) => i >= first && /(^|,)m=0/.test(m[1]!));
    const png = chunks.slice(first, last + 1).map((m) => m[2]).join('');
    expect(Buffer.from(png, 'base64').subarray(0, 4).toString('hex')).toBe('89504e47');
    await term.keys('Escape');
    await term.waitFor((s) => !s.includes('image 1 of 1') && s.includes("Here's the image you requested"));
    // Leaving the image deletes it from the terminal.
    await term.waitFor(() => /\x1b_Ga=d,d=I,i=\d+/.test(written()));
  });

  it('a small text blob is shown as text, not only saved', async () => {
    term = openTerminal({ everything });
    await openTool(term, 'get-resource-reference', 'Get Resource Reference Tool');
    // The first field is the resource type: Text → Blob.
    await term.keys('Right');
    await term.waitFor(/Blob/);
    await term.keys('C-s');
    const result = await term.waitFor('✓ ok');
    expect(result).toMatch(/\[resource text\/plain, \d+ bytes → saved to \S+\.txt\]/);
    expect(result).toContain('Resource 1: This is a base64 blob created at');
  });
});
