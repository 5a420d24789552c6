import { Box, Text } from 'ink';
import { sanitizeLine } from '../../../../util/sanitize.js';
import { useTheme } from '../../../theme/ThemeContext.js';
import type { RawJson } from './useRawJson.js';
import { SendLine } from '../SendLine.js';
import { LinesView } from './LinesView.js';
import { UncheckedLine } from '../UncheckedLine.js';
import { stackRows } from '../../../layout/stack-rows.js';

interface Props {
  raw: RawJson;
  /** Why the form cannot be used, when it cannot. */
  reason?: string;
  submitLabel: string;
  /** Whether arguments that fail the schema may be sent anyway. */
  anyway?: boolean;
  width: number;
  height: number;
}

const MAX_ERRORS = 3;

/** The arguments as editable JSON, scrolled to keep the cursor in view both ways, its errors, and the send button. */
export function RawJsonView({ raw, reason, submitLabel, anyway = false, width, height }: Props) {
  const theme = useTheme();
  const errors = raw.attempted ? raw.check.errors : [];
  const unchecked = raw.check.unchecked;
  const rows = stackRows(height, { title: 1, unchecked: Boolean(unchecked), editor: { min: 1 }, errors: Math.min(errors.length, MAX_ERRORS), send: 1 });
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text wrap="truncate-end" color={reason ? theme.warning : undefined} dimColor={!reason}>
        {reason ? `raw JSON only: ${sanitizeLine(reason)}` : 'raw JSON · ctrl+r back to the form'}
      </Text>
      {unchecked ? <UncheckedLine reason={unchecked} /> : null}
      <LinesView editor={raw.editor} width={width} height={rows.editor} />
      {errors.slice(0, MAX_ERRORS).map((e, i) => (
        <Text key={i} color={theme.error} wrap="truncate-end">{`  ✗ ${sanitizeLine(e)}${i === MAX_ERRORS - 1 && errors.length > MAX_ERRORS ? ` (+${errors.length - MAX_ERRORS} more)` : ''}`}</Text>
      ))}
      <SendLine label={submitLabel} focused={false} errors={errors.length} anyway={anyway && Boolean(raw.check.args)} />
    </Box>
  );
}
