import { Box, Text } from 'ink';
import type { Decision, ToolTurn } from '../../core/models/conversation.js';
import type { Tool } from '../../core/mcp/types.js';
import { annotationTags, type AnnotationTag } from '../../core/servers/tools.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { truncate } from '../../util/text.js';
import { PRIORITY, useKeys } from '../keys/useKeys.js';
import { useTheme } from '../theme/ThemeContext.js';
import { wrapRows } from '../widgets/text/wrap.js';
import { callLine } from './chat-rows.js';

/** The rows the prompt takes at most. */
export const ASK_ROWS = 3;

/** Why a tool asks first (toolset.ts needsApproval), from what its server declares or leaves to the spec's defaults. */
function askReason(tool: Pick<Tool, 'annotations'> | undefined): string {
  const tags = tool ? annotationTags(tool) : [];
  const found = (tag: AnnotationTag) => tags.find((t) => t.tag === tag);
  const how = (tag: AnnotationTag) => `(${tag}${found(tag)!.declared ? '' : ', by default: its server does not say otherwise'})`;
  const reasons = [
    ...(found('destructive') ? [`may change or delete things ${how('destructive')}`] : found('read-only') ? [] : ['may change things (not declared read-only)']),
    ...(found('open-world') ? [`may reach the outside world ${how('open-world')}`] : []),
  ];
  return reasons.length ? `It ${reasons.join(' and ')}.` : 'It asks first.';
}

interface Props {
  turn: ToolTurn;
  tool?: Tool;
  width: number;
  onDecide: (decision: Decision) => void;
  onStop: () => void;
}

/** A tool call the model made that waits for the person: y runs it once, a for the conversation, n refuses it. */
export function AskPrompt({ turn, tool, width, onDecide, onStop }: Props) {
  const theme = useTheme();
  useKeys(['playgroundAsk', 'playground'], {
    allowOnce: () => onDecide('once'),
    allowTool: () => onDecide('conversation'),
    refuseCall: () => onDecide('deny'),
    stopTurn: onStop,
  }, { priority: PRIORITY.modal });
  const why = wrapRows(`${askReason(tool)} y: run it once · a: allow ${sanitizeLine(turn.tool)} for this conversation · n: refuse (the model is told)`, width - 2).slice(0, ASK_ROWS - 1);
  return (
    <Box flexDirection="column">
      <Text color={theme.warning} bold wrap="truncate-end">{`? The model wants to run ${truncate(callLine(turn), Math.max(10, width - 26))}`}</Text>
      {why.map((row, i) => <Text key={i} wrap="truncate-end">{`  ${row}`}</Text>)}
    </Box>
  );
}
