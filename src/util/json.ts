/**
 * JSON for a terminal: JSON.stringify escapes only U+0000-001F, so DEL, C1 controls
 * (8-bit CSI and OSC), bidi controls and invisible code points (zero-width spaces and
 * joiners, soft hyphens, tag characters) from a server would reach the terminal raw, or
 * hide in it. Escaping them keeps the output valid JSON with the same data, and shows
 * them (`\u200b`).
 */
const INVISIBLE =
  /[\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufeff\uffa0]|\udb40[\udc00-\udc7f]/g;

export function terminalJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(INVISIBLE, (match) =>
    [...match.split('')].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
  );
}
