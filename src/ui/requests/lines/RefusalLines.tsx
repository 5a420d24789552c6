import { Text } from 'ink';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useTheme } from '../../theme/ThemeContext.js';
import type { Refusal } from '../useRespond.js';

const MAX = 3;

/** The rows a refusal takes: its message, then one per field error (at most MAX in all). */
export function refusalLines(refused?: Refusal): string[] {
  if (!refused) return [];
  const fields = Object.entries(refused.fieldErrors ?? {}).map(([k, v]) => `${k || 'content'}: ${v}`);
  const lines = [refused.message, ...fields];
  return lines.length <= MAX ? lines : [...lines.slice(0, MAX - 1), `(+${lines.length - MAX + 1} more)`];
}

/** Why the answer was not sent: the person fixes it and tries again. */
export function RefusalLines({ lines }: { lines: string[] }) {
  const theme = useTheme();
  return (
    <>
      {lines.map((line, i) => (
        <Text key={i} color={theme.error} wrap="truncate-end">{`✗ ${sanitizeLine(line)}`}</Text>
      ))}
    </>
  );
}
