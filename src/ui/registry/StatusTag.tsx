import { Text } from 'ink';
import { sanitizeLine } from '../../util/sanitize.js';
import { useTheme } from '../theme/ThemeContext.js';

/** The registry's word on a server that is not active: `⚠ deprecated`, `✗ deleted` (any other word as sent, cleaned). */
export function StatusTag({ status }: { status?: string }) {
  const theme = useTheme();
  if (!status || status === 'active') return null;
  const deleted = status === 'deleted';
  return <Text color={deleted ? theme.error : theme.warning} bold>{`${deleted ? '✗' : '⚠'} ${sanitizeLine(status).slice(0, 16)}`}</Text>;
}
