import { Box, Text } from 'ink';
import type { ChoiceView } from '../../core/mcp-registry/desk.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { ListView } from '../widgets/list/ListView.js';
import type { List } from '../widgets/list/useList.js';
import { ChoiceDetail } from './ChoiceDetail.js';
import type { choiceLines } from './entry-text.js';

interface Props {
  choices: readonly ChoiceView[];
  list: List;
  detail?: ReturnType<typeof choiceLines>;
  width: number;
  /** Rows of the list's title, rows, scroll line and the detail (stackRows). */
  rows: { title: number; choices: number; scrollLine: number; detail: number };
}

/** The ways a server runs (its packages, then its remotes), ↑↓ to pick one; what it asks for and runs under them. */
export function ChoicesPane({ choices, list, detail, width, rows }: Props) {
  if (!choices.length) return <Text dimColor>it publishes no package or remote to run</Text>;
  return (
    <Box flexDirection="column">
      <Text bold>Packages and remotes</Text>
      <Box flexDirection="column" height={rows.choices + rows.scrollLine} overflow="hidden">
        <ListView
          items={choices}
          list={list}
          render={(c, selected) => (
            <Box width={Math.max(1, width - 2)}>
              <Text bold={selected} wrap="truncate-end">{sanitizeLine(c.label)}</Text>
            </Box>
          )}
        />
      </Box>
      {detail ? <ChoiceDetail {...detail} width={width} height={rows.detail} /> : null}
    </Box>
  );
}
