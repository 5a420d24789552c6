// Text from a server is untrusted: strip every terminal control sequence before it
// can reach a terminal. Keeps printable text, newlines and tabs.
const ANSI =
  // CSI, OSC (BEL- or ST-terminated), DCS/SOS/PM/APC strings, and single ESC escapes.
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[PX^_][^\u001b]*(?:\u001b\\)?|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]/g;
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
