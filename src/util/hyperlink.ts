/**
 * `text` as a terminal hyperlink (OSC 8) to `url`, which must already be free of
 * control characters. Ended by BEL (terminals take BEL and ST alike; Ink measured
 * only the BEL form as zero-width before ansi-tokenize 0.3).
 */
export function terminalLink(url: string, text: string): string {
  return `\x1b]8;;${url}\x07${text}\x1b]8;;\x07`;
}

/** The URL as a link to itself where the stream is a terminal, plain text elsewhere. */
export function hyperlink(url: string, on: boolean): string {
  return on ? terminalLink(url, url) : url;
}
