import { Box, Text } from 'ink';
import type { SignInPhase, SignInSnapshot } from '../../core/auth/sign-in.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { useBodySize } from '../hooks/useBodySize.js';
import { useTheme } from '../theme/ThemeContext.js';
import { SignInFailed } from './SignInFailed.js';
import { SignInProgress } from './progress/SignInProgress.js';
import { StepUpPrompt } from './StepUpPrompt.js';
import { stackRows } from '../layout/stack-rows.js';

const STATE: Record<SignInPhase, string> = {
  confirm: 'asks first',
  starting: 'starting',
  browser: 'waiting for the browser',
  exchanging: 'getting tokens',
  'signed-in': 'signed in',
  failed: 'failed',
  cancelled: 'cancelled',
};

/**
 * A sign-in over whatever screen is open, in the rows the app gives it: a step-up
 * question, the sign-in under way, or how it failed. It takes every key until it ends.
 */
export function SignInOverlay({ attempt, count }: { attempt: SignInSnapshot; count: number }) {
  const theme = useTheme();
  const size = useBodySize();
  const width = Math.max(20, size.columns - 4);
  const { prompt: height } = stackRows(size.rows, { borders: 2, title: 1, prompt: { min: 4 } });
  const failed = attempt.phase === 'failed';
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={failed ? theme.error : theme.accent} paddingX={1} width={size.columns} height={size.rows} flexShrink={0}>
      <Box justifyContent="space-between">
        <Text wrap="truncate-end">
          {attempt.phase === 'confirm' ? 'Sign in again to ' : 'Sign in to '}
          <Text bold color={theme.accent}>{sanitizeLine(attempt.server)}</Text>
        </Text>
        <Text color={failed ? theme.error : undefined} dimColor={!failed}>{`  ${STATE[attempt.phase]}${count > 1 ? ` · 1 of ${count}` : ''}`}</Text>
      </Box>
      {attempt.phase === 'confirm' ? <StepUpPrompt key={attempt.id} attempt={attempt} width={width} height={height} />
        : failed ? <SignInFailed key={attempt.id} attempt={attempt} width={width} height={height} />
          : <SignInProgress key={attempt.id} attempt={attempt} width={width} height={height} />}
    </Box>
  );
}
