import { Text } from 'ink';
import type { RestartState } from '../../core/servers/supervisor.js';
import { restartNote } from '../../core/servers/status-label.js';
import { STATUS, type ServerStatus } from '../../core/servers/status.js';
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
  const { glyph, word, loud } = STATUS[status];
  const shown = status === 'connecting' ? SPIN[frame % SPIN.length] : glyph;
  const note = restartNote(restart, status);
  return (
    <Text wrap="truncate-end">
      <Text color={theme.status[status]} bold={loud}>{`${shown} ${word}`}</Text>
      {note ? <Text color={theme.status[status]}>{` · ${note}`}</Text> : null}
    </Text>
  );
}
