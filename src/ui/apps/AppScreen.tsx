import { Box, Text } from 'ink';
import { logLine } from '../../core/apps/question-text.js';
import type { AppLogEntry } from '../../core/apps/log.js';
import type { AppSession } from '../../core/apps/session.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { useDeck } from '../DeckContext.js';
import { useBodySize } from '../hooks/useBodySize.js';
import { useStore } from '../hooks/useStore.js';
import { stackRows } from '../layout/stack-rows.js';
import { useTheme } from '../theme/ThemeContext.js';

const NONE: readonly AppLogEntry[] = [];
const EMPTY_LOG = { subscribe: () => () => {}, getSnapshot: () => NONE };

/**
 * An app open in the browser (MCP Apps): where it is served and its requests, live.
 * What it asks (a call that may destroy, a link) shows over any screen
 * (`AppQuestionPrompt`). Esc leaves it served; the deck stops it when it quits.
 */
export function AppScreen({ id, opened }: { id: number; opened?: string }) {
  const deck = useDeck();
  const theme = useTheme();
  const size = useBodySize();
  const apps = useStore(deck.apps);
  const session: AppSession | undefined = apps.find((a) => a.session.id === id)?.session;
  const log = useStore(session?.log ?? EMPTY_LOG);
  if (!session) return <Text dimColor>This app is no longer served.</Text>;
  const rows = stackRows(size.rows, { title: 1, served: 1, heading: 1, log: { min: 1 } });
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">{`${sanitizeLine(session.view.server)} · ${sanitizeLine(session.view.tool.name)}: app in the browser`}</Text>
      <Text wrap="truncate-end" dimColor>{sanitizeLine(opened ?? 'served on 127.0.0.1 (one-time link)')}</Text>
      <Text bold>{`The app's requests (${log.length})`}</Text>
      {log.slice(-rows.log).map((e) => (
        <Text key={e.id} wrap="truncate-end" color={e.status === 'refused' || e.status === 'failed' ? theme.error : e.status === 'asking' ? theme.warning : undefined} dimColor={e.status === 'notice'}>
          {logLine(e)}
        </Text>
      ))}
    </Box>
  );
}
