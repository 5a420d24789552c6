import { Text } from 'ink';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useTick } from '../../hooks/useTick.js';
import { useTheme } from '../../theme/ThemeContext.js';
import type { Request } from './useRequest.js';

const SPIN = ['◐', '◓', '◑', '◒'];

/** One row: what is running (esc cancels it), or why the last request failed, or nothing. */
export function BusyLine({ request }: { request: Request }) {
  const theme = useTheme();
  const frame = useTick(120, Boolean(request.busy));
  if (request.busy) {
    return <Text wrap="truncate-end" color={theme.accent}>{`${SPIN[frame % SPIN.length]} ${sanitizeLine(request.busy)}… (esc cancels)`}</Text>;
  }
  if (request.error) return <Text wrap="truncate-end" color={theme.error}>{sanitizeLine(request.error)}</Text>;
  return null;
}
