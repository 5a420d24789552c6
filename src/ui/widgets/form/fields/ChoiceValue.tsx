import { Text } from 'ink';
import type { EnumField } from '../../../../core/schema/form.js';
import { optionIndex } from '../../../../core/schema/form-values.js';
import { sanitizeLine } from '../../../../util/sanitize.js';
import { useTheme } from '../../../theme/ThemeContext.js';

/** A single choice: its label, and while focused arrows to cycle and where it is among the options. */
export function ChoiceValue({ field, value, focused }: { field: EnumField; value: unknown; focused: boolean }) {
  const theme = useTheme();
  const at = optionIndex(field.options, value);
  // A required choice of one (a const) is sent as it is: show it so.
  const shown = at >= 0 ? field.options[at] : field.required && field.options.length === 1 ? field.options[0] : undefined;
  const label = shown ? <Text>{sanitizeLine(shown.label)}</Text> : <Text dimColor>{focused ? 'none' : '—'}</Text>;
  if (!focused) return label;
  return (
    <Text>
      <Text color={theme.accent}>‹ </Text>
      {label}
      <Text color={theme.accent}> ›</Text>
      <Text dimColor>{`  ${at + 1}/${field.options.length}`}</Text>
    </Text>
  );
}
