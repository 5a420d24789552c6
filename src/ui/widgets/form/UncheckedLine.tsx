import { Text } from 'ink';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useTheme } from '../../theme/ThemeContext.js';

/** Says the arguments go out unchecked (the server still checks them), and why: a schema too deep, or one that does not compile. */
export function UncheckedLine({ reason }: { reason: string }) {
  const theme = useTheme();
  return <Text wrap="truncate-end" color={theme.warning}>{`⚠ sent unchecked: ${sanitizeLine(reason)}`}</Text>;
}
