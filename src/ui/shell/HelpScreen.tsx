import { Box, Text } from 'ink';
import type { Hint } from '../keys/dispatcher.js';
import { showKey } from '../keys/key-name.js';
import { PRIORITY, useKeys } from '../keys/useKeys.js';
import { useBodySize } from '../hooks/useBodySize.js';
import { useList } from '../widgets/list/useList.js';
import { ListView } from '../widgets/list/ListView.js';
import { useTheme } from '../theme/ThemeContext.js';
import { stackRows } from '../layout/stack-rows.js';

const keysOf = (h: Hint) => h.all.map(showKey).join(' ');

/** Words in lines of at most `width` (a word longer than that on a line of its own, cut). */
function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = '';
    }
    line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

/** How many items in a row always fit in `rows` lines, whichever comes first (at least one). */
function fitAnywhere(heights: readonly number[], rows: number): number {
  let fit = heights.length;
  for (let start = 0; start < heights.length; start++) {
    let used = 0;
    let n = 0;
    while (start + n < heights.length && used + heights[start + n]! <= rows) used += heights[start + n++]!;
    // A run that reaches the end says nothing: the window would start further up.
    if (start + n < heights.length) fit = Math.min(fit, n);
  }
  return Math.max(1, fit);
}

/**
 * Every key of the screen it was opened on, from the same table as the footer, each
 * description wrapped whole under its keys. One item per key, however many lines its
 * description takes; on a short terminal the keys scroll rather than being lost.
 */
export function HelpScreen({ hints, onClose }: { hints: Hint[]; onClose: () => void }) {
  const theme = useTheme();
  const size = useBodySize();
  const width = Math.max(...hints.map((h) => keysOf(h).length), 4) + 2;
  // The border and padding take four columns, the list's marker two.
  const textWidth = Math.max(10, size.columns - 6 - width);
  const items = hints.map((h) => ({ keys: keysOf(h), lines: wrapWords(h.description, textWidth) }));
  const fit = stackRows(size.rows, { borders: 2, title: 1, list: { min: 1 }, scrollLine: 1, closing: 1 });
  const list = useList(items.length, fitAnywhere(items.map((i) => i.lines.length), fit.list));
  useKeys(['help', 'list'], { close: onClose, ...list.handlers }, { priority: PRIORITY.modal, capture: true });
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.border} paddingX={1} flexShrink={0}>
      <Text bold>Keys on this screen</Text>
      <ListView
        items={items}
        list={list}
        render={(item) => (
          <Box>
            <Box width={width} flexShrink={0}>
              <Text color={theme.key} bold>{item.keys}</Text>
            </Box>
            <Box flexDirection="column">
              {item.lines.map((line, i) => <Text key={i} wrap="truncate-end">{line}</Text>)}
            </Box>
          </Box>
        )}
      />
      <Text dimColor>esc, ? or q closes this help.</Text>
    </Box>
  );
}
