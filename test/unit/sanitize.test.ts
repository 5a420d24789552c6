import { describe, expect, it } from 'vitest';
import { sanitize, sanitizeLine } from '../../src/util/sanitize.js';

const ESC = '\u001b';

describe('sanitize', () => {
  it.each([
    ['CSI colour', `${ESC}[31mred${ESC}[0m`, 'red'],
    ['CSI private mode (alternate screen)', `${ESC}[?1049hscreen${ESC}[2J`, 'screen'],
    ['OSC 8 hyperlink, ST-terminated', `${ESC}]8;;https://evil.example${ESC}\\click${ESC}]8;;${ESC}\\`, 'click'],
    ['OSC 52 clipboard write, BEL-terminated', `a${ESC}]52;c;cm0gLXJmIH4=\u0007b`, 'ab'],
    ['OSC window title', `${ESC}]0;pwned\u0007ok`, 'ok'],
    ['DCS string', `x${ESC}Pq#0;2;0;0;0${ESC}\\y`, 'xy'],
    // ESC plus one character is itself an escape (ESC b, ESC 7): both go.
    ['bare ESC', `a${ESC}b`, 'a'],
    ['ESC at the end', `a${ESC}`, 'a'],
    ['single-character escape (RI)', `a${ESC}Mb`, 'ab'],
    ['C1 CSI', '\u009b31mred', 'red'],
    ['other C1 controls', 'a\u0085bc', 'abc'],
    // A C1 OSC string runs to its terminator (BEL or ST), payload and all.
    ['C1 OSC strings', 'a\u009d0;title\u0007bc', 'abc'],
    ['BEL', 'ding\u0007', 'ding'],
    ['backspace', 'pass\b\b\b\bxxxx', 'passxxxx'],
    ['DEL', 'a\u007fb', 'ab'],
    ['bidi overrides and isolates', 'a\u202eb\u202dc\u2066d\u2069e', 'abcde'],
  ])('strips %s', (_name, input, expected) => {
    expect(sanitize(input)).toBe(expected);
  });

  it('leaves no escape or C1 byte behind in nested or broken sequences', () => {
    const out = sanitize(`${ESC}${ESC}[31m${ESC}[${ESC}]8;;x${ESC}[1m\u009b\u009b1m${ESC}`);
    expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it('keeps tabs and newlines, and turns CR and CRLF into newlines', () => {
    expect(sanitize('a\tb\nc\r\nd\re')).toBe('a\tb\nc\nd\ne');
  });

  it('keeps plain Unicode: emoji, CJK, accents', () => {
    const text = 'héllo 👩‍💻 日本語 한국어 ✓';
    expect(sanitize(text)).toBe(text);
  });
});

describe('sanitizeLine', () => {
  it('folds tabs and newlines into single spaces', () => {
    expect(sanitizeLine('first\n\nsecond\tthird\r\nfourth')).toBe('first second third fourth');
  });

  it('still strips control sequences', () => {
    expect(sanitizeLine(`${ESC}[1mtool${ESC}[0m\u0007 name`)).toBe('tool name');
  });
});
