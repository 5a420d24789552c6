import { Box, Text } from 'ink';
import type { PendingRequest } from '../../core/elicitation/types.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { useBodySize } from '../hooks/useBodySize.js';
import { useRequests } from '../hooks/useRequests.js';
import { useTheme } from '../theme/ThemeContext.js';
import { FormPrompt } from './FormPrompt.js';
import { SamplePrompt } from './sample/SamplePrompt.js';
import { UrlPrompt } from './UrlPrompt.js';
import { stackRows } from '../layout/stack-rows.js';
import { AppQuestionPrompt } from '../apps/AppQuestionPrompt.js';
import { useAppQuestions } from '../apps/useAppQuestions.js';

const ASKS: Record<PendingRequest['kind'], string> = {
  'elicit-form': 'asks you to fill in a form',
  'elicit-url': 'asks you to open a page',
  sample: 'asks for a model reply (sampling)',
};

/**
 * The oldest request a server is waiting on, over whatever screen is open, in the
 * rows the app gives it. It takes every key until answered; the rest wait behind it.
 */
export function RequestOverlay() {
  const theme = useTheme();
  const { pending } = useRequests();
  const size = useBodySize();
  const asked = useAppQuestions();
  const request = pending[0];
  // A server's request first (its call is waiting); then what an open app asks.
  if (!request) return asked[0] ? <AppQuestionPrompt key={asked[0].id} question={asked[0]} count={asked.length} /> : null;
  const width = Math.max(20, size.columns - 4);
  const { prompt: height } = stackRows(size.rows, { borders: 2, title: 1, prompt: { min: 4 } });
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.accent} paddingX={1} width={size.columns} height={size.rows} flexShrink={0}>
      <Box justifyContent="space-between">
        <Text wrap="truncate-end">
          <Text bold color={theme.accent}>{sanitizeLine(request.server)}</Text>
          {` ${ASKS[request.kind]}`}
        </Text>
        <Text bold={pending.length > 1}>{`  1 of ${pending.length}`}</Text>
      </Box>
      {request.kind === 'elicit-form' ? <FormPrompt key={request.id} request={request} width={width} height={height} />
        : request.kind === 'elicit-url' ? <UrlPrompt key={request.id} request={request} width={width} height={height} />
          : <SamplePrompt key={request.id} request={request} width={width} height={height} />}
    </Box>
  );
}
