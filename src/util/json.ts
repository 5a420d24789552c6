import { pruneDeep, SHOWN_DEPTH } from './json-depth.js';

/**
 * JSON for a terminal: JSON.stringify escapes only U+0000-001F, so DEL, C1 controls
 * (8-bit CSI and OSC), bidi controls and invisible code points (zero-width spaces and
 * joiners, soft hyphens, tag characters) from a server would reach the terminal raw, or
 * hide in it. Escaping them keeps the output valid JSON with the same data, and shows
 * them (`\u200b`).
 */
const INVISIBLE =
  /[\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufeff\uffa0]|\udb40[\udc00-\udc7f]/g;

const escapeInvisible = (json: string) =>
  json.replace(INVISIBLE, (match) => [...match.split('')].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''));

/** JSON.stringify, or undefined for a value nested too deep for it: it recurses, and overflows a few thousand levels down. */
export function stringifyWhole(value: unknown, indent?: number): string | undefined {
  try {
    return JSON.stringify(value, null, indent);
  } catch (error) {
    // Anything else (a cycle, a BigInt) is not about depth: cutting would not help.
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

/**
 * JSON.stringify that never overflows the stack: a value too deep for it is written cut
 * SHOWN_DEPTH levels down, each cut a string that says how deep it went. Anything
 * JSON.stringify can write comes out the same.
 */
export function cutJson(value: unknown, indent?: number): string {
  return stringifyWhole(value, indent) ?? JSON.stringify(pruneDeep(value, SHOWN_DEPTH), null, indent);
}

/** terminalJson of the whole value, or undefined when it nests too deep to write out: for text that must keep all of it (to edit, to send). */
export function wholeTerminalJson(value: unknown, indent?: number): string | undefined {
  const json = stringifyWhole(value, indent);
  return json === undefined ? undefined : escapeInvisible(json);
}

/** JSON for a terminal (see INVISIBLE); a value nested too deep for JSON.stringify is cut as cutJson does. */
export function terminalJson(value: unknown, indent?: number): string {
  const json = cutJson(value, indent);
  // Undefined for undefined (or a function), as JSON.stringify gives, whose type says string too.
  return json === undefined ? json : escapeInvisible(json);
}

// A test for anything terminalJson writes longer than itself, as one character class (a
// quick scan): quotes, backslashes and C0 controls (JSON.stringify), INVISIBLE's class, and
// every surrogate (a lone one is written \uXXXX, and tag characters are pairs).
const LONGER = new RegExp(`["\\\\\\u0000-\\u001f${INVISIBLE.source.slice(1, INVISIBLE.source.indexOf(']'))}\\ud800-\\udfff]`);

/** terminalJson of a string, without JSON.stringify when nothing in it needs escaping (most strings). */
export const terminalString = (text: string): string => (LONGER.test(text) ? terminalJson(text) : `"${text}"`);

const UNKNOWN = 0xff;
let extras: Uint8Array | undefined;

/**
 * How many characters terminalJson writes beyond a code unit (not a surrogate): taken
 * from terminalJson itself, each the first time it is met (a table of all 65,536 up
 * front cost the deck's start 15 ms).
 */
function extraOf(c: number): number {
  extras ??= new Uint8Array(0x10000).fill(UNKNOWN);
  if (extras[c] === UNKNOWN) extras[c] = terminalJson(String.fromCharCode(c)).length - 3;
  return extras[c]!;
}

const LONGER_ALL = new RegExp(LONGER.source, 'g');
/** The last long text measured, in this turn: a 10 MB result's text is measured twice as it arrives. */
const LONG_TEXT = 2 ** 20;
const NOTHING = { text: '', length: 2 };
let measured = NOTHING;

/**
 * The length of terminalJson(text), a string, without writing it: for measuring 50 MB of
 * it. Only what LONGER finds is looked at (the regex engine skips the rest): a loop over
 * every character of a 10 MB result with a line end in each 100 took 400 ms.
 */
export function jsonStringLength(text: string): number {
  if (text === measured.text) return measured.length;
  let length = text.length + 2;
  LONGER_ALL.lastIndex = 0;
  for (let found = LONGER_ALL.exec(text); found; found = LONGER_ALL.exec(text)) {
    const i = found.index;
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) {
      length += extraOf(c);
      continue;
    }
    const next = text.charCodeAt(i + 1);
    if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      // A pair: kept, unless it is a tag character (INVISIBLE), written \uXXXX\uXXXX.
      if (c === 0xdb40 && next <= 0xdc7f) length += 10;
      LONGER_ALL.lastIndex = i + 2;
    } else length += 5; // a lone surrogate, written \uXXXX
  }
  // A long text is measured again as the same string as its message is handled (the traffic
  // log, then the result's view): once is enough. Kept no longer than that turn, or the
  // text of a 50 MB result would be held after the deck lets it go.
  if (text.length >= LONG_TEXT) {
    if (measured.text === '') queueMicrotask(() => (measured = NOTHING));
    measured = { text, length };
  }
  return length;
}
