import { truncate } from './text.js';

// Text from a server is untrusted. Every terminal control sequence and every invisible
// code point that could make text look like something it is not is replaced by a
// visible marker, so a person sees that something was there without the terminal
// acting on it: C0 controls become control pictures (␛ ␇ ␈ ␍), sequences and invisible
// code points a short tag (⟦ESC[2J⟧, ⟦OSC 52 clipboard⟧, ⟦link https://…⟧, ⟦RLO⟧,
// ⟦ZWSP⟧). Colour and style (SGR, `ESC[…m`) alone are dropped: they hide nothing once
// dropped, and servers' own log output is full of them. Tabs and newlines are kept;
// CRLF becomes a newline. One pass of one precompiled regex, after a cheap test.

/** Anything that needs work; text without any of these comes back as is. */
const SUSPICIOUS =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufeff\uffa0\u{e0000}-\u{e007f}]/u;

const STRING_END = String.raw`[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?`;
const HOSTILE = new RegExp(
  [
    String.raw`\r\n`,
    String.raw`(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]`, // CSI, 7- or 8-bit
    String.raw`(?:\u001b\]|\u009d)${STRING_END}`, // OSC, BEL- or ST-terminated (or not at all)
    String.raw`(?:\u001b[PX^_]|[\u0090\u0098\u009e\u009f])${STRING_END}`, // DCS, SOS, PM, APC
    String.raw`\u001b[ -/]+[0-~]`, // nF escapes: charset designation (ESC ( B) and the like
    String.raw`\u001b[0-~]`, // any other single-character escape (ESC 7, ESC c)
    String.raw`[\u{e0000}-\u{e007f}]+`, // a run of tag characters: hidden ASCII
    SUSPICIOUS.source, // any single one left: lone ESC, BEL, CR, C1, bidi, zero-width
  ].join('|'),
  'gu',
);

/** Invisible code points by the names people search for. */
const NAMES: Record<string, string> = {
  '\u00ad': 'SHY', '\u034f': 'CGJ', '\u061c': 'ALM', '\u115f': 'HF', '\u1160': 'HF', '\u180e': 'MVS',
  '\u200b': 'ZWSP', '\u200c': 'ZWNJ', '\u200d': 'ZWJ', '\u200e': 'LRM', '\u200f': 'RLM',
  '\u2028': 'LSEP', '\u2029': 'PSEP', '\u202a': 'LRE', '\u202b': 'RLE', '\u202c': 'PDF', '\u202d': 'LRO', '\u202e': 'RLO',
  '\u2060': 'WJ', '\u2066': 'LRI', '\u2067': 'RLI', '\u2068': 'FSI', '\u2069': 'PDI', '\u3164': 'HF', '\ufeff': 'ZWNBSP', '\uffa0': 'HF',
};
const OSC_NAMES: Record<string, string> = { '0': 'title', '1': 'title', '2': 'title', '7': 'cwd', '52': 'clipboard' };
const STRINGS: Record<string, string> = { P: 'DCS', X: 'SOS', '^': 'PM', _: 'APC', '\u0090': 'DCS', '\u0098': 'SOS', '\u009e': 'PM', '\u009f': 'APC' };

// ZWJ and ZWNJ are part of emoji sequences (👩‍💻) and of Arabic and Indic writing:
// kept between such characters, marked between anything else (`read‍_file`).
const JOINS_BEFORE = /[\p{Lo}\p{M}\p{Extended_Pictographic}\p{Emoji_Modifier}]$/u;
const JOINS_AFTER = /^[\p{Lo}\p{M}\p{Extended_Pictographic}]/u;
const BLACK_FLAG = '\u{1f3f4}'; // subdivision flags (🏴 + tags) are emoji, not hidden text

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
const codePoint = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

function osc(match: string): string {
  const body = match.replace(/^(?:\u001b\]|\u009d)/, '').replace(/(?:\u0007|\u001b\\|\u009c)$/, '');
  const id = /^\d*/.exec(body)![0];
  if (id === '8') {
    // OSC 8 ; params ; target: show where it really goes, and where its text ends.
    const target = body.split(';').slice(2).join(';');
    return target ? `⟦link ${clip(sanitize(target), 200)}⟧` : '⟦/link⟧';
  }
  const name = OSC_NAMES[id];
  return `⟦OSC${id ? ` ${id}` : ''}${name ? ` ${name}` : ''}⟧`;
}

function mark(match: string, offset: number, text: string): string {
  const first = match[0]!;
  if (match === '\r\n') return '\n';
  const second = match[1];
  if (first === '\u009b' ? second : first === '\u001b' && second === '[') {
    // SGR only styles text: dropped. Everything else (cursor moves, clears, modes) shown.
    if (match.endsWith('m')) return '';
    return first === '\u009b' ? `⟦CSI ${clip(match.slice(1), 40)}⟧` : `⟦ESC[${clip(match.slice(2), 40)}⟧`;
  }
  if (first === '\u009d' || (first === '\u001b' && second === ']')) return osc(match);
  const kind = STRINGS[first] ?? (first === '\u001b' && second ? STRINGS[second] : undefined);
  if (kind) return `⟦${kind}⟧`;
  if (first === '\u001b' && second) return `⟦ESC ${match.slice(1)}⟧`;
  const code = match.codePointAt(0)!;
  if (code >= 0xe0000) {
    if (text.slice(Math.max(0, offset - 2), offset) === BLACK_FLAG) return match;
    // Tag characters mirror ASCII: show what they spell (prompt text hidden from people).
    const hidden = [...match.slice(0, 162)].map((ch) => ch.codePointAt(0)! - 0xe0000).filter((c) => c >= 0x20 && c < 0x7f);
    return `⟦TAGS "${clip(String.fromCharCode(...hidden), 80)}"⟧`;
  }
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '␡';
  if ((first === '\u200c' || first === '\u200d') && JOINS_BEFORE.test(text.slice(Math.max(0, offset - 2), offset)) && JOINS_AFTER.test(text.slice(offset + 1, offset + 3))) {
    return match;
  }
  return `⟦${NAMES[first] ?? codePoint(first)}⟧`;
}

export function sanitize(text: string): string {
  if (!SUSPICIOUS.test(text)) return text;
  return text.replace(HOSTILE, mark);
}

/** One line: newlines and tabs become spaces too. */
export function sanitizeLine(text: string): string {
  const clean = sanitize(text);
  return /[\n\t]/.test(clean) ? clean.replace(/[\n\t]+/g, ' ') : clean;
}

/** An HTTP body quoted in a message: never a raw page. Tags stripped, one sanitized line, at most `max` characters. */
export function bodyExcerpt(body: string, max = 120): string {
  return truncate(sanitizeLine(body.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim(), max);
}
