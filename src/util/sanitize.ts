// Text from a server is untrusted: strip every terminal control sequence before it
// can reach a terminal. Keeps printable text, newlines and tabs.
const ANSI = new RegExp(
  [
    '\\u001b\\[[0-?]*[ -/]*[@-~]', // CSI
    '\\u001b\\][^\\u0007\\u001b\\u009c]*(?:\\u0007|\\u001b\\\\|\\u009c)?', // OSC, BEL- or ST-terminated
    '\\u001b[PX^_][^\\u001b\\u009c]*(?:\\u001b\\\\|\\u009c)?', // DCS, SOS, PM, APC
    '\\u001b[ -/]+[0-~]', // nF escapes: charset designation (ESC ( B) and the like
    '\\u001b[0-~]', // any other single-character escape (ESC 7, ESC c)
    '\\u009b[0-?]*[ -/]*[@-~]', // C1 CSI
    '[\\u0090\\u0098\\u009d-\\u009f][^\\u0007\\u001b\\u009c]*[\\u0007\\u009c]?', // C1 DCS, SOS, OSC, PM, APC strings
  ].join('|'),
  'g',
);
// C0 controls other than \t and \n, DEL, C1 controls, and bidi overrides that can
// make text read differently from what it is.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export function sanitize(text: string): string {
  return text.replace(ANSI, '').replace(/\r\n?/g, '\n').replace(CONTROL, '');
}

/** One line: newlines and tabs become spaces too. */
export function sanitizeLine(text: string): string {
  return sanitize(text).replace(/[\n\t]+/g, ' ');
}
