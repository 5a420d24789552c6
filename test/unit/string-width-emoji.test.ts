// The bundle's string-width skips its RGI_Emoji test for clusters that cannot be an emoji,
// and counts text of one-column characters by its length (scripts/bundle.mjs): this shows
// neither shortcut changes a width. string-width here is Ink's, as it is, without them.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { EMOJI_PRECHECK, NARROW_TEXT } from '../../scripts/bundle.mjs';

const RGI = /^\p{RGI_Emoji}$/v;
/** Every RGI emoji starts with a character of the Emoji property (UTS #51: keycap bases and regional indicators have it too). */
const EMOJI_START = /^\p{Emoji}/u;

describe("the bundle's emoji shortcut for string-width", () => {
  it('lets through every RGI emoji of one code point, with VS16 or as a keycap', () => {
    const missed: string[] = [];
    let emoji = 0;
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      if (!EMOJI_START.test(c)) continue;
      for (const cluster of [c, `${c}\uFE0F`, `${c}\uFE0F\u20E3`, `${c}\u20E3`]) {
        if (!RGI.test(cluster)) continue;
        emoji++;
        if (!EMOJI_PRECHECK.test(cluster)) missed.push(cluster);
      }
    }
    expect(emoji).toBeGreaterThan(1000);
    expect(missed).toEqual([]);
  });

  it('lets through flags, skin tones, families and tag sequences, and stops what the deck draws', () => {
    for (const cluster of ['🇺🇸', '👍🏽', '🏻', '👨‍👩‍👧', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '#️⃣', '©️', '☺️']) {
      expect(RGI.test(cluster), cluster).toBe(true);
      expect(EMOJI_PRECHECK.test(cluster), cluster).toBe(true);
    }
    for (const text of ['✓', '✗', '…', '›', '─', '·', '↑', '●', 'é', '中']) expect(EMOJI_PRECHECK.test(text), text).toBe(false);
  });
});

describe("the bundle's narrow-text shortcut for string-width", () => {
  const graphemes = (text: string) => [...new Intl.Segmenter().segment(text)].length;

  it('takes only characters one column wide that never join a neighbour', () => {
    const wrong: string[] = [];
    let taken = 0;
    for (let cp = 0; cp <= 0xffff; cp++) {
      const c = String.fromCodePoint(cp);
      if (!NARROW_TEXT.test(c)) continue;
      taken++;
      if (stringWidth(c) !== 1 || graphemes(`a${c}${c}a`) !== 4 || graphemes(`\u00E9${c}\u4E2D`) !== 3) wrong.push(`U+${cp.toString(16)}`);
    }
    expect(taken).toBeGreaterThan(600);
    expect(wrong).toEqual([]);
  });

  it('measures what the deck draws as string-width does, and leaves the rest to it', () => {
    for (const text of ['─'.repeat(120), 'mcpdeck › servers', '✓ connected · 3 tools', '↑↓/jk move … ◌', '✗ failed: ¿qué?'])
      expect([NARROW_TEXT.test(text), text.length], text).toEqual([true, stringWidth(text)]);
    for (const text of ['中', 'e\u0301', '⌚', '◽', '✔️', '\u200B', '\u00AD', '\t', '\u001B[1m'])
      expect(NARROW_TEXT.test(text), JSON.stringify(text)).toBe(false);
  });
});
