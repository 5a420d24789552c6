import { Text } from 'ink';
import { useTheme } from '../theme/ThemeContext.js';

/** A bar `width` cells wide filled to value/total (clamped: servers may overshoot). */
export function ProgressBar({ value, total, width }: { value: number; total: number; width: number }) {
  const theme = useTheme();
  const ratio = total > 0 ? Math.min(1, Math.max(0, value / total)) : 0;
  const filled = Math.round(ratio * width);
  return (
    <Text>
      <Text color={theme.accent}>{'█'.repeat(filled)}</Text>
      <Text dimColor>{'░'.repeat(width - filled)}</Text>
    </Text>
  );
}
