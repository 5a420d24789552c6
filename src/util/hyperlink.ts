/**
 * `text` as a terminal hyperlink (OSC 8) to `url`, which must already be free of
 * control characters. Ended by BEL rather than ST: terminals take both, and Ink
 * measures only the BEL form as zero-width (an ST-ended link's URL counts as text).
 */
export function terminalLink(url: string, text: string): string {
  return `\x1b]8;;${url}\x07${text}\x1b]8;;\x07`;
}

/** The URL as a link to itself where the stream is a terminal, plain text elsewhere. */
export function hyperlink(url: string, on: boolean): string {
  return on ? terminalLink(url, url) : url;
}
