import { Text } from 'ink';
import { showKey } from '../keys/key-name.js';
import { useLiveHints } from '../hooks/useLiveHints.js';
import { useTheme } from '../theme/ThemeContext.js';

/** The keys that work on this screen right now, from the bindings table. */
export function Footer() {
  const theme = useTheme();
  const hints = useLiveHints().filter((h) => h.hint);
  return (
    <Text wrap="truncate-end">
      {hints.map((h, i) => (
        <Text key={h.command}>
          {i ? <Text dimColor> · </Text> : null}
          <Text color={theme.key} bold>{showKey(h.keys)}</Text>
          {` ${h.hint}`}
        </Text>
      ))}
    </Text>
  );
}
