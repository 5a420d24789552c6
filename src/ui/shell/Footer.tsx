import { Box, Text } from 'ink';
import { showKey } from '../keys/key-name.js';
import type { Hint } from '../keys/dispatcher.js';
import { useLiveHints } from './useLiveHints.js';
import { useTheme } from '../theme/ThemeContext.js';

// Always in view, at the right, in this order: what esc does (clear a filter, else go back),
// the way to every other key, the way out.
const PINNED = ['clear', 'back', 'help', 'quit'];

function Hints({ hints }: { hints: Hint[] }) {
  const theme = useTheme();
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

/** The keys that work on this screen right now, from the bindings table. */
export function Footer() {
  const hints = useLiveHints().filter((h) => h.hint);
  const pinned = PINNED.flatMap((command) => hints.filter((h) => h.command === command));
  return (
    <Box>
      <Box flexGrow={1} flexShrink={1} flexBasis={0} overflow="hidden">
        <Hints hints={hints.filter((h) => !PINNED.includes(h.command))} />
      </Box>
      {pinned.length ? (
        <Box flexShrink={0} marginLeft={2}>
          <Hints hints={pinned} />
        </Box>
      ) : null}
    </Box>
  );
}
