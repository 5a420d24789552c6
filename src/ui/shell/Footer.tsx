import { Box, Text } from 'ink';
import { showKey } from '../keys/key-name.js';
import type { Hint } from '../keys/dispatcher.js';
import { useLiveHints } from './useLiveHints.js';
import { useTheme } from '../theme/ThemeContext.js';
import { columnsOf } from '../../util/columns.js';

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

/** The columns `hints` take on one line, separators included. */
function widthOf(hints: Hint[]): number {
  return hints.reduce((sum, h, i) => sum + (i ? 3 : 0) + columnsOf(`${showKey(h.keys)} ${h.hint}`), 0);
}

/**
 * The keys that work on this screen right now, from the bindings table: as many whole
 * hints as fit in `columns` beside the pinned ones (a hint cut mid-word, `r re…`, says
 * nothing); `?` lists them all.
 */
export function Footer({ columns }: { columns: number }) {
  const hints = useLiveHints().filter((h) => h.hint);
  const pinned = PINNED.flatMap((command) => hints.filter((h) => h.command === command));
  const room = columns - (pinned.length ? widthOf(pinned) + 2 : 0);
  const fitting: Hint[] = [];
  for (const hint of hints.filter((h) => !PINNED.includes(h.command))) {
    if (widthOf([...fitting, hint]) > room) break;
    fitting.push(hint);
  }
  return (
    <Box>
      <Box flexGrow={1} flexShrink={1} flexBasis={0} overflow="hidden">
        <Hints hints={fitting} />
      </Box>
      {pinned.length ? (
        <Box flexShrink={0} marginLeft={2}>
          <Hints hints={pinned} />
        </Box>
      ) : null}
    </Box>
  );
}
