// Ink, bundled, draws a line that lies wholly inside its clip without slicing it
// (scripts/bundle.mjs): slicing a line from 0 to its own width must give the same cells.
// These are Ink's own slice-ansi, string-width and ansi-tokenize.
import { styledCharsFromTokens, tokenize } from '@alcalzone/ansi-tokenize';
import sliceAnsi from 'slice-ansi';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';

const cells = (line: string) => styledCharsFromTokens(tokenize(line));
const sgr = (...codes: number[]) => `\u001B[${codes.join(';')}m`;
const link = (url: string, text: string) => `\u001B]8;;${url}\u0007${text}\u001B]8;;\u0007`;

const PIECES = [
  'plain ascii', ' ', '─'.repeat(12), ' · ', '›', '✓ connected', '…', '中文', 'é', 'e\u0301', '👍🏽', '👨‍👩‍👧', '🇺🇸',
  `${sgr(1)}bold${sgr(22)}`, `${sgr(31)}red${sgr(39)}`, `${sgr(38, 5, 208)}orange`, `${sgr(48, 2, 10, 20, 30)}bg${sgr(49)}`,
  `${sgr(7)}inverse${sgr(27)}`, `${sgr(2)}dim`, sgr(0), `${sgr(4)}under ${sgr(1)}both${sgr(0)}`, link('https://example.com', 'a link'),
];

describe("Ink's clip shortcut in the bundle", () => {
  it('gives the same cells for lines of text, styles, links, wide and joined characters', () => {
    // A fixed pseudo-random walk over the pieces: the same lines every run.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const lines = [...PIECES, PIECES.join('')];
    for (let i = 0; i < 3000; i++) lines.push(Array.from({ length: 1 + (next() % 8) }, () => PIECES[next() % PIECES.length]).join(''));
    const differ = lines.filter((line) => JSON.stringify(cells(sliceAnsi(line, 0, stringWidth(line)))) !== JSON.stringify(cells(line)));
    expect(differ).toEqual([]);
  });
});
