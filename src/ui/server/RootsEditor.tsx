import { delimiter, resolve } from 'node:path';
import { Box, Text } from 'ink';
import type { ServerState } from '../../core/servers/state.js';
import { expandHome } from '../../core/config/normalize.js';
import { useDeck } from '../DeckContext.js';
import { PRIORITY, useKeys } from '../keys/useKeys.js';
import { TextField } from '../widgets/text/TextField.js';
import { useTextInput } from '../widgets/text/useTextInput.js';

/** The folders typed, as absolute paths: separated as in PATH, `~` for home, relative ones from the launch folder. */
function parseRoots(text: string, env: NodeJS.ProcessEnv = process.env): string[] {
  return text.split(delimiter).map((p) => p.trim()).filter(Boolean).map((p) => resolve(expandHome(p, env)));
}

/** One line to edit a server's roots; enter sends them (the server is told), esc leaves them. */
export function RootsEditor({ server, onClose }: { server: ServerState; onClose: (notice?: string) => void }) {
  const deck = useDeck();
  const input = useTextInput(server.roots.join(delimiter));
  useKeys(['roots'], {
    cancelRoots: () => onClose(),
    saveRoots: () => {
      const roots = parseRoots(input.value);
      onClose(`sending ${roots.length ? roots.join(', ') : 'no roots'}…`);
      deck.setRoots(server.name, roots).then(
        ({ kept }) => onClose(`roots: ${roots.length ? roots.join(', ') : 'none'}${kept ? ' (kept in your user catalog)' : ' (this session only: the server is not in your user catalog)'}`),
        (error: Error) => onClose(error.message),
      );
    },
  }, { priority: PRIORITY.modal, capture: true, onText: input.onText });
  return (
    <Box>
      <Text bold>{`Roots (separated by "${delimiter}"): `}</Text>
      <TextField value={input.value} cursor={input.cursor} focused placeholder="none: the server keeps its own configuration" />
    </Box>
  );
}
