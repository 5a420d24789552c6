import { Text } from 'ink';
import { useTheme } from '../../theme/ThemeContext.js';
import { keyFor } from '../../keys/key-name.js';

interface Props {
  label: string;
  focused: boolean;
  /** Errors to fix, shown after a refused send. */
  errors: number;
  /** Whether the problems may be sent anyway (ctrl+y). */
  anyway?: boolean;
  /** Rows of the form out of view above and below. */
  above?: number;
  below?: number;
}

/** The send button, always on the form's last row. */
export function SendLine({ label, focused, errors, anyway = false, above = 0, below = 0 }: Props) {
  const theme = useTheme();
  return (
    <Text wrap="truncate-end">
      <Text color={theme.selected} bold>{focused ? '› ' : '  '}</Text>
      <Text bold inverse={focused} color={focused ? undefined : theme.accent}>{`[ ${label} ]`}</Text>
      <Text dimColor>  ctrl+s</Text>
      {errors ? <Text color={theme.error}>{`  ✗ ${errors === 1 ? '1 problem' : `${errors} problems`} to fix`}</Text> : null}
      {errors && anyway ? <Text dimColor>{` · ${keyFor('form', 'sendAnyway')} sends anyway`}</Text> : null}
      {above || below ? <Text dimColor>{`  ${above ? `↑${above}` : ''}${above && below ? ' ' : ''}${below ? `↓${below}` : ''} more`}</Text> : null}
    </Text>
  );
}
