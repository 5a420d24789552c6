import { sanitize } from '../../../util/sanitize.js';

/** Server text cut into rows of at most `width` characters, at spaces where it can; line breaks kept. */
export function wrapRows(text: string, width: number): string[] {
  const room = Math.max(1, width);
  return sanitize(text).replaceAll('\t', '  ').split('\n').flatMap((line) => {
    let chars = [...line];
    const rows: string[] = [];
    while (chars.length > room) {
      // Break after the last space that fits; a word longer than the row is cut.
      const space = chars.lastIndexOf(' ', room);
      const cut = space > 0 ? space : room;
      rows.push(chars.slice(0, cut).join('').trimEnd());
      chars = chars.slice(space > 0 ? cut + 1 : cut);
    }
    rows.push(chars.join(''));
    return rows;
  });
}

/** At most `max` rows; the last one says how much was left out. */
export function clipRows(rows: string[], max: number): string[] {
  if (rows.length <= max) return rows;
  const kept = rows.slice(0, Math.max(0, max - 1));
  return [...kept, `… ${rows.length - kept.length} more lines`];
}
