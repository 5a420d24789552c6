import { useRef } from 'react';
import { Box, Text } from 'ink';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { scrollTo } from './form-layout.js';
import type { RawJson } from './useRawJson.js';
import { SendLine } from './SendLine.js';
import { visible } from './visible.js';

interface Props {
  raw: RawJson;
  /** Why the form cannot be used, when it cannot. */
  reason?: string;
  submitLabel: string;
  width: number;
  height: number;
}

const MAX_ERRORS = 3;

/** The arguments as editable JSON, scrolled to keep the cursor in view both ways, its errors, and the send button. */
export function RawJsonView({ raw, reason, submitLabel, width, height }: Props) {
  const theme = useTheme();
  const { lines, row, col } = raw.editor;
  const errors = raw.attempted ? raw.check.errors : [];
  const errorRows = Math.min(errors.length, MAX_ERRORS);
  const editorRows = Math.max(1, height - 2 - errorRows);
  const offsetRef = useRef(0);
  const offset = scrollTo(offsetRef.current, row, row, lines.length, editorRows);
  offsetRef.current = offset;
  // Every line shifts together, so that columns stay lined up while the cursor is far right.
  const room = Math.max(4, width - 3);
  const shift = Math.max(0, col - room + 1);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text wrap="truncate-end" color={reason ? theme.warning : undefined} dimColor={!reason}>
        {reason ? `raw JSON only: ${sanitizeLine(reason)}` : 'raw JSON · ctrl+r back to the form'}
      </Text>
      <Box flexDirection="column" height={editorRows} overflow="hidden">
        {lines.slice(offset, offset + editorRows).map((line, i) => {
          const at = offset + i;
          const text = visible(line.slice(shift, shift + room).join(''));
          if (at !== row) return <Text key={at} wrap="truncate-end">{`  ${text}`}</Text>;
          const chars = [...text];
          const c = col - shift;
          return (
            <Text key={at} wrap="truncate-end">
              <Text color={theme.selected} bold>› </Text>
              {chars.slice(0, c).join('')}
              <Text inverse>{chars[c] ?? ' '}</Text>
              {chars.slice(c + 1).join('')}
            </Text>
          );
        })}
      </Box>
      {errors.slice(0, MAX_ERRORS).map((e, i) => (
        <Text key={i} color={theme.error} wrap="truncate-end">{`  ✗ ${sanitizeLine(e)}${i === MAX_ERRORS - 1 && errors.length > MAX_ERRORS ? ` (+${errors.length - MAX_ERRORS} more)` : ''}`}</Text>
      ))}
      <SendLine label={submitLabel} focused={false} errors={errors.length} />
    </Box>
  );
}
