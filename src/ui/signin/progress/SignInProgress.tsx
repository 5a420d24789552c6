import { useRef, useState } from 'react';
import { Box, Text, useApp, type Key } from 'ink';
import type { SignInSnapshot } from '../../../core/auth/sign-in.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useDeck } from '../../DeckContext.js';
import { PRIORITY, useKeys } from '../../keys/useKeys.js';
import { useOpener } from '../../system/OpenerContext.js';
import { useClipboard } from '../../system/useClipboard.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { useTextInput } from '../../widgets/text/useTextInput.js';
import { AnswerLine, type AnswerButton } from '../../requests/lines/AnswerLine.js';
import { UrlLines, urlRows } from '../../requests/lines/UrlLines.js';
import { clipRows, wrapRows } from '../../widgets/text/wrap.js';
import { LABEL, PasteLine } from './PasteLine.js';
import { TraceLines } from './TraceLines.js';
import { traceRows } from './trace-rows.js';
import { useTerminalLink } from './useTerminalLink.js';
import { stackRows } from '../../layout/stack-rows.js';

type Status = { tone: 'ok' | 'error'; text: string };

const WORKING: Partial<Record<SignInSnapshot['phase'], string>> = {
  starting: '… finding the authorization server and registering this client',
  exchanging: '… exchanging the code for tokens, then connecting',
};

/**
 * A sign-in under way: its steps, the full link (the browser may not open), what became
 * of the browser, the callback address, and a field for a redirected URL or code pasted
 * back from another machine. Whichever comes first of the callback and a paste wins.
 */
export function SignInProgress({ attempt, width, height }: { attempt: SignInSnapshot; width: number; height: number }) {
  const deck = useDeck();
  const theme = useTheme();
  const opener = useOpener();
  const copy = useClipboard();
  const { exit } = useApp();
  const [status, setStatus] = useState<Status>();
  // Keys can come faster than renders: whether anything is typed is read from the latest edit.
  const typed = useRef('');
  const input = useTextInput('', (value) => (typed.current = value));
  const url = attempt.authorizationUrl;
  const link = useTerminalLink(url);
  const waiting = attempt.phase === 'browser';
  const empty = !input.value;
  const running = () => deck.auth.attempt(attempt.server);
  const say = (tone: Status['tone'], text: string) => setStatus({ tone, text });
  const handlers = {
    // Once something is typed, o and c are text.
    openSignInLink: url && opener && empty ? () => void opener(url).then(() => say('ok', 'opened in your browser'), (e: Error) => say('error', `could not open a browser: ${e.message}`)) : undefined,
    copySignInLink: url && empty ? () => (copy(url), say('ok', 'sent to the clipboard through the terminal (OSC 52)')) : undefined,
    submitPaste: waiting ? () => {
      const taken = running()?.paste(typed.current) ?? { ok: false, message: 'this sign-in is over' };
      if (taken.ok) input.set('');
      say(taken.ok ? 'ok' : 'error', taken.ok ? 'taken: checking it with the authorization server' : taken.message ?? 'not taken');
    } : undefined,
    clearPaste: !empty ? () => input.set('') : undefined,
    // Once the code is with the authorization server there is nothing left to cancel.
    cancelSignIn: empty && attempt.phase !== 'exchanging' ? () => running()?.cancel() : undefined,
    forceQuit: exit,
  };
  // While nothing is typed, o and c are keys; anything else goes in the field (a paste arrives whole).
  const onText = (text: string, key: Key) => {
    const command = text === 'o' ? handlers.openSignInLink : text === 'c' ? handlers.copySignInLink : undefined;
    if (!typed.current && command) return false;
    return input.onText(text, key);
  };
  useKeys(['signIn', 'global'], handlers, { priority: PRIORITY.modal, capture: true, onText: waiting ? onText : undefined });

  const reason = attempt.reason ? clipRows(wrapRows(attempt.reason, width), 2) : [];
  const lines = [
    attempt.browser && ['browser', attempt.browser],
    attempt.redirectUri && ['callback', attempt.redirectUri],
  ].filter((l): l is [string, string] => Boolean(l));
  const working = WORKING[attempt.phase];
  const buttons: AnswerButton[] = [
    ...(handlers.openSignInLink ? [{ label: 'Open link', key: 'o' }] : []),
    ...(handlers.copySignInLink ? [{ label: 'Copy link', key: 'c' }] : []),
    ...(waiting ? [{ label: 'Submit paste', key: 'enter' }] : []),
    ...(handlers.cancelSignIn || handlers.clearPaste ? [{ label: handlers.clearPaste ? 'Clear' : 'Cancel', key: 'esc' }] : []),
  ];
  const said = status ? clipRows(wrapRows(`${status.tone === 'error' ? '✗' : '✓'} ${status.text}`, width), 2) : [];
  // The link comes before the steps: it is what the person needs when the browser did not open.
  const target = url ? { url, domain: domainOf(url) } : undefined;
  const rows = stackRows(height, {
    reason, working: Boolean(working), lines, notice: Boolean(attempt.notice), paste: waiting, said, answer: 1,
    url: target ? { min: 2, max: urlRows(target, width) } : 0,
    steps: { min: 1 },
  });
  const steps = traceRows(attempt.steps, width, rows.steps);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {reason.map((row, i) => <Text key={i} wrap="truncate-end">{row}</Text>)}
      <TraceLines rows={steps} />
      {working ? <Text dimColor wrap="truncate-end">{working}</Text> : null}
      {target ? <UrlLines request={target} width={width} rows={rows.url} link={link} /> : null}
      {lines.map(([label, text]) => (
        <Text key={label} wrap="truncate-end"><Text dimColor>{label.padEnd(LABEL + 1)}</Text>{sanitizeLine(text)}</Text>
      ))}
      {attempt.notice ? <Text color={theme.warning} wrap="truncate-end">{`! ${sanitizeLine(attempt.notice)}`}</Text> : null}
      {waiting ? <PasteLine value={input.value} cursor={input.cursor} width={width} /> : null}
      <Box flexGrow={1} />
      {said.map((row, i) => <Text key={i} color={status?.tone === 'error' ? theme.error : theme.success} wrap="truncate-end">{row}</Text>)}
      <AnswerLine buttons={buttons} />
    </Box>
  );
}

function domainOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
