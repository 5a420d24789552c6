import { describe, expect, it } from 'vitest';
import { sanitize, sanitizeLine } from '../../src/util/sanitize.js';
import { terminalJson } from '../../src/util/json.js';

const ESC = '\u001b';
// Whatever the terminal could act on, or that hides: C0 (bar \t \n), DEL, C1, bidi, zero-width, tags.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u{e0000}-\u{e007f}]/u;

describe('sanitize', () => {
  it.each([
    ['CSI colour (styling only: dropped)', `${ESC}[31mred${ESC}[0m`, 'red'],
    ['CSI private mode and a screen clear', `${ESC}[?1049hscreen${ESC}[2J`, '⟦ESC[?1049h⟧screen⟦ESC[2J⟧'],
    ['CSI cursor moves', `a${ESC}[2Ab${ESC}[10;5Hc`, 'a⟦ESC[2A⟧b⟦ESC[10;5H⟧c'],
    ['OSC 8 hyperlink, ST-terminated: text and real target', `${ESC}]8;;https://evil.example${ESC}\\click${ESC}]8;;${ESC}\\`, '⟦link https://evil.example⟧click⟦/link⟧'],
    ['OSC 8 hyperlink with params, BEL-terminated', `${ESC}]8;id=1;https://a.example/x;y\u0007docs${ESC}]8;;\u0007`, '⟦link https://a.example/x;y⟧docs⟦/link⟧'],
    ['OSC 52 clipboard write, BEL-terminated', `a${ESC}]52;c;cm0gLXJmIH4=\u0007b`, 'a⟦OSC 52 clipboard⟧b'],
    ['OSC window title', `${ESC}]0;pwned\u0007ok`, '⟦OSC 0 title⟧ok'],
    ['OSC of another kind', `${ESC}]1337;File=x\u0007ok`, '⟦OSC 1337⟧ok'],
    ['DCS string', `x${ESC}Pq#0;2;0;0;0${ESC}\\y`, 'x⟦DCS⟧y'],
    ['APC string', `x${ESC}_payload${ESC}\\y`, 'x⟦APC⟧y'],
    ['ESC plus a character (an escape of its own)', `a${ESC}b`, 'a⟦ESC b⟧'],
    ['full reset (ESC c)', `a${ESC}cb`, 'a⟦ESC c⟧b'],
    ['charset designation', `a${ESC}(0b`, 'a⟦ESC (0⟧b'],
    ['lone ESC at the end', `a${ESC}`, 'a␛'],
    ['lone ESC before a newline', `a${ESC}\nb`, 'a␛\nb'],
    ['C1 CSI colour (dropped)', '\u009b31mred', 'red'],
    ['C1 CSI clear', '\u009b2Jx', '⟦CSI 2J⟧x'],
    ['other C1 controls', 'a\u0085bc', 'a⟦U+0085⟧bc'],
    ['C1 OSC string, payload and all', 'a\u009d0;title\u0007bc', 'a⟦OSC 0 title⟧bc'],
    ['BEL', 'ding\u0007', 'ding␇'],
    ['backspace overwrite', 'pass\b\b\b\bxxxx', 'pass␈␈␈␈xxxx'],
    ['carriage-return overwrite', 'safe command\rrm -rf ~    ', 'safe command␍rm -rf ~    '],
    ['other C0 controls', 'a\u0000b\u000bc\u000cd', 'a␀b␋c␌d'],
    ['DEL', 'a\u007fb', 'a␡b'],
    ['bidi overrides and isolates', 'a\u202eb\u202dc\u2066d\u2069e\u202af\u202bg\u202ch\u2067i\u2068j', 'a⟦RLO⟧b⟦LRO⟧c⟦LRI⟧d⟦PDI⟧e⟦LRE⟧f⟦RLE⟧g⟦PDF⟧h⟦RLI⟧i⟦FSI⟧j'],
    ['bidi marks', 'a\u200eb\u200fc\u061cd', 'a⟦LRM⟧b⟦RLM⟧c⟦ALM⟧d'],
    ['an extension that runs backwards', 'invoice\u202egnp.exe', 'invoice⟦RLO⟧gnp.exe'],
    ['zero-width space in a name', 'read\u200bfile', 'read⟦ZWSP⟧file'],
    ['zero-width joiners between Latin letters', 'read\u200c_\u200dfile', 'read⟦ZWNJ⟧_⟦ZWJ⟧file'],
    ['word joiner, BOM, soft hyphen', 'a\u2060b\ufeffc\u00add', 'a⟦WJ⟧b⟦ZWNBSP⟧c⟦SHY⟧d'],
    ['Hangul filler (a blank that is not a space)', 'get\u3164data', 'get⟦HF⟧data'],
    ['invisible math operators', 'a\u2062b', 'a⟦U+2062⟧b'],
    ['tag characters spelling hidden text', 'hi\u{e0069}\u{e0067}\u{e006e}', 'hi⟦TAGS "ign"⟧'],
    ['line and paragraph separators', 'a\u2028b\u2029c', 'a⟦LSEP⟧b⟦PSEP⟧c'],
  ])('shows %s', (_name, input, expected) => {
    expect(sanitize(input)).toBe(expected);
  });

  it('never shows the payload of a clipboard write or a title', () => {
    const out = sanitize(`${ESC}]52;c;ZXZpbA==\u0007\u009d52;c;ZXZpbA==\u009c${ESC}]2;pwned${ESC}\\`);
    expect(out).toBe('⟦OSC 52 clipboard⟧⟦OSC 52 clipboard⟧⟦OSC 2 title⟧');
  });

  it('leaves no control character behind in nested or broken sequences', () => {
    const out = sanitize(`${ESC}${ESC}[31m${ESC}[${ESC}]8;;x\u0001\u202e${ESC}[1m\u009b\u009b1m\u0090${ESC}`);
    expect(out).not.toMatch(CONTROL);
    expect(out).toBe('␛⟦ESC[⟧⟦link x␁⟦RLO⟧⟧⟦U+009B⟧⟦DCS⟧␛');
  });

  it('leaves no control character behind in random bytes', () => {
    // Seeded, so a failure is reproducible.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const alphabet = ['\u001b', '[', ']', '\\', '\u0007', '\u009b', '\u009c', '\u009d', '\u0090', '8', ';', 'm', '\r', '\n', 'a', '\u200d', '\u202e', '\u{e0041}', '👩', '\u0085'];
    for (let i = 0; i < 2000; i++) {
      const input = Array.from({ length: next() % 40 }, () => alphabet[next() % alphabet.length]).join('');
      expect(sanitize(input), JSON.stringify(input)).not.toMatch(CONTROL);
    }
  });

  it('clips a long sequence and a long link target', () => {
    const out = sanitize(`${ESC}[${'1;'.repeat(100)}H ${ESC}]8;;https://x.example/${'a'.repeat(500)}\u0007t`);
    expect(out.length).toBeLessThan(300);
    expect(out).toMatch(/^⟦ESC\[(1;)+…⟧ ⟦link https:\/\/x\.example\/a+…⟧t$/);
  });

  it('keeps tabs and newlines, turns CRLF into a newline and shows a lone CR', () => {
    expect(sanitize('a\tb\nc\r\nd\re')).toBe('a\tb\nc\nd␍e');
  });

  it('keeps plain Unicode: emoji (joined and flags), CJK, accents, Persian with its joiner', () => {
    const text = 'héllo 👩‍💻 🧑🏽‍💻 🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f} 日本語 한국어 ✓ می\u200cخواهم';
    expect(sanitize(text)).toBe(text);
  });

  it('returns plain text as it is, and 10 MB of it quickly', () => {
    const big = 'a plain line of a large result\n'.repeat(340_000);
    const started = performance.now();
    expect(sanitize(big)).toBe(big);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('sanitizeLine', () => {
  it('folds tabs and newlines into single spaces', () => {
    expect(sanitizeLine('first\n\nsecond\tthird\r\nfourth')).toBe('first second third fourth');
  });

  it('shows control sequences in a line as well', () => {
    expect(sanitizeLine(`${ESC}[1mtool${ESC}[0m\u0007 name\r`)).toBe('tool␇ name␍');
  });

  it('makes two look-alike names look different', () => {
    expect(sanitizeLine('read_file')).not.toBe(sanitizeLine('read\u200b_file'));
  });
});

describe('terminalJson', () => {
  it('escapes C1, bidi and invisible code points, keeping the same data', () => {
    const value = { name: 'read\u200b_file', note: '\u009b31m\u202e\u00ad', tag: 'x\u{e0041}', emoji: '👩‍💻' };
    const json = terminalJson(value);
    expect(json).toContain('read\\u200b_file');
    expect(json).toContain('\\u009b31m\\u202e\\u00ad');
    expect(json).toContain('x\\udb40\\udc41');
    expect(json).not.toMatch(CONTROL);
    expect(JSON.parse(json)).toEqual(value);
  });
});
