// The bundle's string-width skips its RGI_Emoji test for clusters that cannot be an emoji
// (scripts/bundle.mjs): this shows the shortcut never changes a width.
import { describe, expect, it } from 'vitest';
import { EMOJI_PRECHECK } from '../../scripts/bundle.mjs';

const RGI = /^\p{RGI_Emoji}$/v;

describe("the bundle's emoji shortcut for string-width", () => {
  it('lets through every RGI emoji of one code point, with VS16 or as a keycap', () => {
    const missed: string[] = [];
    let emoji = 0;
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
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
