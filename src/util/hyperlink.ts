/**
 * A terminal hyperlink (OSC 8) showing the URL itself as its text, so what is shown is
 * where it goes; plain text where the stream is not a terminal. The URL must already be
 * free of control characters (sanitized).
 */
export function hyperlink(url: string, on: boolean): string {
  return on ? `\x1b]8;;${url}\x1b\\${url}\x1b]8;;\x1b\\` : url;
}
