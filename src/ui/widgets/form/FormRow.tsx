import { Box, Text } from 'ink';
import type { FormValues } from '../../../core/schema/form.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { truncate } from '../../../util/text.js';
import { useTheme } from '../../theme/ThemeContext.js';
import type { Row } from './form-layout.js';
import { FieldValue } from './fields/FieldValue.js';

interface Props {
  row: Row;
  focus: number;
  cursor: number;
  values: FormValues;
  /** Columns for the marker, indent and label; the value starts after them. */
  labelWidth: number;
  width: number;
}

const MARK = 2;

/** One row: a field (marker, indented label with `*` when required, value), an object heading, or a note under a field. */
export function FormRow({ row, focus, cursor, values, labelWidth, width }: Props) {
  const theme = useTheme();
  const indent = ' '.repeat(row.depth * 2);
  const valueWidth = Math.max(4, width - MARK - labelWidth);
  if (row.type === 'note') {
    const error = row.tone === 'error';
    return (
      <Box height={1} width={width} paddingLeft={Math.min(MARK + labelWidth, width - 8)}>
        <Text wrap="truncate-end" color={error ? theme.error : undefined} dimColor={!error}>{`${error ? '✗ ' : ''}${sanitizeLine(row.text)}`}</Text>
      </Box>
    );
  }
  if (row.type === 'suggestion') {
    // Server text: one line, every control or bidi character shown harmlessly.
    const text = row.more ? `… ${row.more} more: type on to narrow` : `${row.chosen ? '⇥ ' : '  '}${sanitizeLine(row.text)}`;
    return (
      <Box height={1} width={width} paddingLeft={Math.min(MARK + labelWidth, width - 8)}>
        <Text wrap="truncate-end" color={row.chosen ? theme.selected : undefined} dimColor={!row.chosen}>{text}</Text>
      </Box>
    );
  }
  const field = row.type === 'heading' ? row.field : row.stop.field;
  const showLabel = row.type === 'heading' || !row.stop.item;
  const star = field.required ? '*' : '';
  const label = showLabel ? `${indent}${truncate(sanitizeLine(field.label), Math.max(3, labelWidth - indent.length - 2))}${star}` : '';
  if (row.type === 'heading') {
    return (
      <Box height={1} width={width}>
        <Text wrap="truncate-end">{' '.repeat(MARK)}<Text bold>{label}</Text></Text>
      </Box>
    );
  }
  const focused = row.index === focus;
  return (
    <Box height={1} width={width}>
      <Box width={MARK + labelWidth} flexShrink={0}>
        <Text wrap="truncate-end">
          <Text color={theme.selected} bold>{focused ? '› ' : '  '}</Text>
          <Text bold={focused}>{label}</Text>
        </Text>
      </Box>
      <Box width={valueWidth} flexShrink={0}>
        <Text wrap="truncate-end">
          <FieldValue stop={row.stop} values={values} focused={focused} cursor={cursor} width={valueWidth} summary={row.summary} problems={row.problems} />
        </Text>
      </Box>
    </Box>
  );
}
