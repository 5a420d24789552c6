import { Box, Text } from 'ink';
import { questionText } from '../../core/apps/question-text.js';
import type { AppQuestion } from '../../core/apps/questions.js';
import { useDeck } from '../DeckContext.js';
import { useBodySize } from '../hooks/useBodySize.js';
import { PRIORITY, useKeys } from '../keys/useKeys.js';
import { useTheme } from '../theme/ThemeContext.js';

/**
 * What an open app asks (MCP Apps): a call to a tool that may destroy, or a link to open.
 * Over whatever screen is open, like a server's request; nothing happens until `y`.
 */
export function AppQuestionPrompt({ question, count }: { question: AppQuestion; count: number }) {
  const deck = useDeck();
  const theme = useTheme();
  const size = useBodySize();
  useKeys(['confirm'], {
    yes: () => deck.apps.questions.respond(question.id, true),
    no: () => deck.apps.questions.respond(question.id, false),
  }, { priority: PRIORITY.modal, capture: true });
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.warning} paddingX={1} width={size.columns} height={size.rows} flexShrink={0}>
      <Box justifyContent="space-between">
        <Text bold color={theme.warning} wrap="truncate-end">{question.kind === 'link' ? 'An app asks to open a link' : 'An app asks to call a tool'}</Text>
        <Text bold={count > 1}>{`  1 of ${count}`}</Text>
      </Box>
      <Text wrap="wrap">{questionText(question)}</Text>
      {question.kind === 'call' ? <Text dimColor>Annotations are hints from the server, not guarantees.</Text> : null}
      <Box flexGrow={1} />
      <Text>
        <Text bold>{question.kind === 'link' ? 'Open it? ' : 'Send this call? '}</Text>
        <Text color={theme.key} bold>y</Text><Text> yes · </Text><Text color={theme.key} bold>n</Text><Text> no</Text>
      </Text>
    </Box>
  );
}
