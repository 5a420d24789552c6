import { Box, Text } from 'ink';
import type { ToolTurn } from '../../core/models/conversation.js';
import { terminalJson } from '../../util/json.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { PRIORITY, useKeys } from '../keys/useKeys.js';
import { Pager } from '../widgets/pager/Pager.js';
import { endWords, resultText } from './chat-rows.js';

/** A tool call of the conversation as text: what the model sent, how it ended, what it read back. */
function callDetailText(turn: ToolTurn): string {
  const result = resultText(turn);
  const structured = turn.outcome?.result.structuredContent;
  return [
    `model's name for it: ${turn.name}`,
    'arguments:',
    terminalJson(turn.args, 2),
    '',
    `${turn.status === 'done' ? '✓' : turn.status === 'asking' || turn.status === 'running' ? '◌' : '✗'} ${endWords(turn)}`,
    ...(result === undefined ? [] : ['', 'result, as the model read it:', result]),
    ...(structured === undefined ? [] : ['', 'structured content:', terminalJson(structured, 2)]),
  ].join('\n');
}

/** The whole of one tool call in the pager; esc goes back to the conversation. */
export function CallDetail({ turn, width, height, onClose }: { turn: ToolTurn; width: number; height: number; onClose: () => void }) {
  // Under the pager's own layers: its esc clears a kept search first.
  useKeys(['global'], { back: onClose }, { priority: PRIORITY.screen });
  return (
    <Box flexDirection="column" height={height}>
      <Text bold wrap="truncate-end">{`${sanitizeLine(turn.server || '?')}/${sanitizeLine(turn.tool)}`}</Text>
      <Pager text={callDetailText(turn)} width={width} height={height - 1} />
    </Box>
  );
}
