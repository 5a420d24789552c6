import fastStringWidth from 'fast-string-width';

/**
 * What `string-width` answers (columns a string takes), for Ink and the wrap and truncate
 * helpers it uses, which the bundle points here. string-width segments graphemes with
 * Intl.Segmenter and tests each against a `\p{RGI_Emoji}` regular expression: the first
 * string that is not plain ASCII (every frame of the deck has one: `›`, `─`, `✓`) costs
 * tens of milliseconds to compile both, and each line of box drawing costs ~0.5 ms after.
 * fast-string-width scans by blocks instead. Tabs stay zero-width, as string-width counts them.
 */
export default function stringWidth(text: string): number {
  return fastStringWidth(text, { tabWidth: 0 });
}
