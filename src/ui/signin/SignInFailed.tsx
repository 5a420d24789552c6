import { useState } from 'react';
import { Box, Text, useApp } from 'ink';
import type { SignInSnapshot } from '../../core/auth/sign-in.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { useDeck } from '../DeckContext.js';
import { PRIORITY, useKeys } from '../keys/useKeys.js';
import { useTheme } from '../theme/ThemeContext.js';
import { AnswerLine } from '../requests/lines/AnswerLine.js';
import { clipRows, wrapRows } from '../widgets/text/wrap.js';
import { TraceLines } from './progress/TraceLines.js';
import { traceRows } from './progress/trace-rows.js';
import { useStartSignIn } from './useStartSignIn.js';
import { stackRows } from '../layout/stack-rows.js';

/** How a sign-in failed, step by step with what to do; `a` tries again, esc closes it. */
export function SignInFailed({ attempt, width, height }: { attempt: SignInSnapshot; width: number; height: number }) {
  const deck = useDeck();
  const theme = useTheme();
  const { exit } = useApp();
  const start = useStartSignIn();
  const [problem, setProblem] = useState<string>();
  useKeys(['signIn', 'global'], {
    // The same scopes again: a failed step-up still needs the wider permission.
    retrySignIn: () => setProblem(start(attempt.server, { extraScopes: attempt.scopes?.split(' ').filter(Boolean) })),
    dismissSignIn: () => deck.auth.dismiss(attempt.id),
    forceQuit: exit,
  }, { priority: PRIORITY.modal, capture: true });
  // The steps say what failed; the error alone only when no step does.
  const error = attempt.steps.some((s) => s.status === 'failed') ? [] : clipRows(wrapRows(`✗ ${attempt.error ?? 'the sign-in failed'}`, width), 2);
  const reason = attempt.reason ? clipRows(wrapRows(attempt.reason, width), 2) : [];
  const rows = stackRows(height, { reason, steps: {}, error, problem: Boolean(problem), answer: 1 });
  const steps = traceRows(attempt.steps, width, rows.steps);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {reason.map((row, i) => <Text key={i} wrap="truncate-end">{row}</Text>)}
      <TraceLines rows={steps} />
      {error.map((row, i) => <Text key={i} color={theme.error} wrap="truncate-end">{row}</Text>)}
      <Box flexGrow={1} />
      {problem ? <Text color={theme.error} wrap="truncate-end">{`✗ ${sanitizeLine(problem)}`}</Text> : null}
      <AnswerLine buttons={[{ label: 'Try again', key: 'a' }, { label: 'Close', key: 'esc' }]} />
    </Box>
  );
}
