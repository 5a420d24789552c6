import { Box, Text, useApp } from 'ink';
import type { SignInSnapshot } from '../../core/auth/sign-in.js';
import { useDeck } from '../DeckContext.js';
import { PRIORITY, useKeys } from '../keys/useKeys.js';
import { AnswerLine } from '../requests/lines/AnswerLine.js';
import { clipRows, wrapRows } from '../widgets/text/wrap.js';
import { stackRows } from '../layout/stack-rows.js';

const WHAT_NEXT = 'Signing in again opens your browser. The refused request waits until you finish; if you say not now, it fails.';

/** A server refused a request for want of permission (403 insufficient_scope): ask before any browser opens. */
export function StepUpPrompt({ attempt, width, height }: { attempt: SignInSnapshot; width: number; height: number }) {
  const deck = useDeck();
  const { exit } = useApp();
  const answer = (go: boolean) => () => deck.auth.attempt(attempt.server)?.proceed(go);
  useKeys(['signIn', 'global'], { stepUpYes: answer(true), stepUpNo: answer(false), forceQuit: exit }, { priority: PRIORITY.modal, capture: true });
  const next = wrapRows(WHAT_NEXT, width);
  // A blank row (the spacer's least) keeps the question apart from the buttons.
  const rows = stackRows(height, { reason: { min: 1 }, next, gap: 1, answer: 1 });
  const reason = clipRows(wrapRows(attempt.reason ?? `${attempt.server} asks you to sign in again`, width), rows.reason);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {reason.map((row, i) => <Text key={i} bold wrap="truncate-end">{row}</Text>)}
      {next.map((row, i) => <Text key={i} dimColor wrap="truncate-end">{row}</Text>)}
      <Box flexGrow={1} />
      <AnswerLine buttons={[{ label: 'Sign in again', key: 'enter' }, { label: 'Not now', key: 'esc' }]} />
    </Box>
  );
}
