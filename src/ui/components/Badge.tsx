import { Text } from 'ink';
import type { ServerStatus } from '../../core/servers/state.js';
import { STATUS_LABEL } from '../../core/servers/status-label.js';
import { useTheme } from '../theme/ThemeContext.js';

const SPIN = ['◌', '◔', '◑', '◕'];

/** Glyph, word and colour for a status: the same on every screen. `frame` animates connecting. */
export function Badge({ status, frame = 0 }: { status: ServerStatus; frame?: number }) {
  const theme = useTheme();
  const { glyph, word } = STATUS_LABEL[status];
  const shown = status === 'connecting' ? SPIN[frame % SPIN.length] : glyph;
  return <Text color={theme.status[status]} bold={status === 'failed' || status === 'needs-auth'}>{`${shown} ${word}`}</Text>;
}
