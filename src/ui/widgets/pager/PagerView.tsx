import { Box, Text } from 'ink';
import { sanitizeLine } from '../../../util/sanitize.js';
import { formatBytes, formatCount } from '../../../util/text.js';
import { markNeedle, PAGER_LIMITS, scroll, type Position } from './pager-model.js';
import type { PagerState } from './usePager.js';

/** A row with every occurrence of the needle in it marked. */
function Row({ text, needle }: { text: string; needle: string }) {
  const parts = markNeedle(text, needle);
  if (parts.length === 1) return <Text wrap="truncate-end">{text || ' '}</Text>;
  return <Text wrap="truncate-end">{parts.map((p, i) => (p.marked ? <Text key={i} inverse>{p.text}</Text> : p.text))}</Text>;
}

/** The rows in view, each sanitized on its own: no control sequence from the text reaches the terminal. */
export function PagerView({ pager }: { pager: PagerState }) {
  const { lines, rows: wrap, height, needle } = pager;
  const rows = [];
  let at: Position = pager.top;
  for (let i = 0; i < height; i++) {
    const line = lines[at.line];
    if (line === undefined) break;
    rows.push(<Row key={i} text={sanitizeLine(wrap.text(at))} needle={needle} />);
    const next = scroll(wrap, at, 1);
    if (next.line === at.line && next.row === at.row) break;
    at = next;
  }
  // A line longer than the view (one 2 MB line) says where in it the view is.
  const wrapped = wrap.count(pager.top.line);
  const where = `line ${formatCount(pager.top.line + 1)} of ${formatCount(lines.length)}${wrapped > height ? ` (row ${formatCount(pager.top.row + 1)} of ${formatCount(wrapped)})` : ''}`;
  const cut = pager.total === undefined ? '' : ` · showing the first ${formatBytes(PAGER_LIMITS.chars)} of ${formatBytes(pager.total)}`;
  const many = pager.matches.length >= PAGER_LIMITS.matches ? '+' : '';
  const found = needle ? ` · ${pager.matches.length ? `match ${formatCount(pager.current + 1)}/${formatCount(pager.matches.length)}${many}` : 'no match'} for "${sanitizeLine(needle)}"` : '';
  return (
    <Box flexDirection="column">
      <Box flexDirection="column" height={height}>{rows}</Box>
      <Text dimColor wrap="truncate-end">{`${where}${cut}${found}`}</Text>
    </Box>
  );
}
