import { Text } from 'ink';
import type { ServerStatus } from '../../core/servers/state.js';
import type { RestartState } from '../../core/servers/supervisor.js';
import { restartNote, STATUS_LABEL } from '../../core/servers/status-label.js';
import { useTick } from '../hooks/useTick.js';
import { useTheme } from '../theme/ThemeContext.js';

const SPIN = ['◌', '◔', '◑', '◕'];

interface BadgeProps {
  status: ServerStatus;
  /** The supervisor's next try: shown after the word, counting down. */
  restart?: RestartState;
  /** Animates connecting. */
  frame?: number;
}

/** Glyph, word and colour for a status: the same on every screen. */
export function Badge({ status, restart, frame = 0 }: BadgeProps) {
  const theme = useTheme();
  // Re-rendered each second only while a countdown runs.
  useTick(1000, restart?.at !== undefined);
  const { glyph, word } = STATUS_LABEL[status];
  const shown = status === 'connecting' ? SPIN[frame % SPIN.length] : glyph;
  const note = restartNote(restart, status);
  return (
    <Text wrap="truncate-end">
      <Text color={theme.status[status]} bold={status === 'failed' || status === 'needs-auth'}>{`${shown} ${word}`}</Text>
      {note ? <Text color={theme.status[status]}>{` · ${note}`}</Text> : null}
    </Text>
  );
}
