import { useRef } from 'react';
import { Box, Text } from 'ink';
import type { LinesState } from './lines-edit.js';
import { scrollTo } from '../../list/list-state.js';
import { visible } from '../fields/visible.js';
import { useTheme } from '../../../theme/ThemeContext.js';

interface Props {
  editor: LinesState;
  width: number;
  height: number;
  /** Shown after the cursor while there is no text. */
  placeholder?: string;
}

/**
 * Multi-line text being edited: `height` rows scrolled to the cursor, the cursor shown.
 * Every line shifts together, so columns stay lined up while the cursor is far right.
 */
export function LinesView({ editor, width, height, placeholder }: Props) {
  const theme = useTheme();
  const { lines, row, col } = editor;
  const offsetRef = useRef(0);
  const offset = scrollTo(offsetRef.current, row, row, lines.length, height);
  offsetRef.current = offset;
  const room = Math.max(4, width - 3);
  const shift = Math.max(0, col - room + 1);
  const empty = lines.length === 1 && !lines[0]!.length;
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      {lines.slice(offset, offset + height).map((line, i) => {
        const at = offset + i;
        const chars = [...visible(line.slice(shift, shift + room).join(''))];
        if (at !== row) return <Text key={at} wrap="truncate-end">{`  ${chars.join('')}`}</Text>;
        const c = col - shift;
        return (
          <Text key={at} wrap="truncate-end">
            <Text color={theme.selected} bold>› </Text>
            {chars.slice(0, c).join('')}
            <Text inverse>{chars[c] ?? ' '}</Text>
            {chars.slice(c + 1).join('')}
            {empty && placeholder ? <Text dimColor>{` ${placeholder}`}</Text> : null}
          </Text>
        );
      })}
    </Box>
  );
}
