import { columnsOf, cutColumns } from '../../../util/columns.js';

/**
 * The repeat command laid out in rows of `width` so that what a person copies off the
 * screen still runs: a row ends between shell words with ` \` (a continuation), or
 * inside the `--args` JSON only between its tokens, where a line break is JSON
 * whitespace. A JSON string is never broken; only a single word wider than the whole
 * row is cut (the copy key gives it whole).
 */
export function commandRows(command: string, width: number): string[] {
  const room = Math.max(8, width);
  const rows: string[] = [];
  let row = '$';
  const INDENT = '    ';
  for (const { text, joint } of pieces(command)) {
    const sep = joint === 'space' ? ' ' : '';
    // A row that ends between words keeps room for its ` \`.
    if (columnsOf(row) + sep.length + columnsOf(text) + 2 <= room || row.trim() === '$' || row === INDENT) {
      row += sep + text;
      continue;
    }
    rows.push(joint === 'space' ? `${row} \\` : row);
    row = INDENT + text;
  }
  rows.push(row);
  // Only a word wider than a row is cut, on screen (by the columns it takes: a CJK character or an emoji takes two).
  return rows.flatMap((r) => (columnsOf(r) <= room ? [r] : cutColumns(r, room)));
}

interface Piece {
  text: string;
  /** What comes before the piece: a space between shell words, or nothing (inside the JSON). */
  joint: 'space' | 'json';
}

/** The command cut where a row may end. */
function pieces(command: string): Piece[] {
  const out: Piece[] = [];
  let text = '';
  let joint: Piece['joint'] = 'space';
  let quoted = false; // inside a shell single-quoted word
  let json = false; // that word is JSON
  let inString = false; // inside a JSON string
  let escaped = false;
  const cut = (next: Piece['joint']) => {
    if (text) out.push({ text, joint });
    text = '';
    joint = next;
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (!quoted && c === ' ') {
      cut('space');
      json = inString = escaped = false;
      continue;
    }
    text += c;
    if (!quoted && c === '\\') {
      // `'\''` is how a quote is written inside a single-quoted word: the word goes on.
      text += command[++i] ?? '';
      continue;
    }
    if (c === "'") {
      quoted = !quoted;
      // A word opening on JSON is JSON; reopened after an escaped quote, it still is.
      if (quoted && command[i - 1] !== "'") json = command[i + 1] === '{' || command[i + 1] === '[';
      continue;
    }
    if (!json || !quoted) continue;
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === ',' || c === '{' || c === '[') cut('json');
  }
  cut('space');
  return out;
}
