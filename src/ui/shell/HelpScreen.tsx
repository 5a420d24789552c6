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

/**
 * Every key of the screen it was opened on, from the same table as the footer, each
 * description wrapped whole under its keys. On a short terminal the rows scroll rather
 * than being lost.
 */
export function HelpScreen({ hints, onClose }: { hints: Hint[]; onClose: () => void }) {
  const theme = useTheme();
  const size = useBodySize();
  const width = Math.max(...hints.map((h) => keysOf(h).length), 4) + 2;
  // The border and padding take four columns, the list's marker two.
  const textWidth = Math.max(10, size.columns - 6 - width);
  const rows = hints.flatMap((h) => wrapWords(h.description, textWidth).map((text, i) => ({ keys: i ? '' : keysOf(h), text })));
  const fit = stackRows(size.rows, { borders: 2, title: 1, list: { min: 1 }, scrollLine: 1, closing: 1 });
  const list = useList(rows.length, fit.list);
  useKeys(['help', 'list'], { close: onClose, ...list.handlers }, { priority: PRIORITY.modal, capture: true });
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.border} paddingX={1} flexShrink={0}>
      <Text bold>Keys on this screen</Text>
      <ListView
        items={rows}
        list={list}
        render={(row) => (
          <Box>
            <Box width={width} flexShrink={0}>
              <Text color={theme.key} bold>{row.keys}</Text>
            </Box>
            <Text wrap="truncate-end">{row.text}</Text>
          </Box>
        )}
      />
      <Text dimColor>esc, ? or q closes this help.</Text>
    </Box>
  );
}
