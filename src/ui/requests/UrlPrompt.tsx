import { useRef, useState } from 'react';
import { Box, Text } from 'ink';
import type { UrlElicitation } from '../../core/elicitation/types.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { PRIORITY, useKeys } from '../keys/useKeys.js';
import { useOpener } from '../system/OpenerContext.js';
import { useClipboard } from '../system/useClipboard.js';
import { useTheme } from '../theme/ThemeContext.js';
import { AnswerLine, CANCEL, DECLINE, type AnswerButton } from './lines/AnswerLine.js';
import { RefusalLines, refusalLines } from './lines/RefusalLines.js';
import { UrlLines, urlRows } from './lines/UrlLines.js';
import { useRespond } from './useRespond.js';
import { clipRows, wrapRows } from '../widgets/text/wrap.js';
import { stackRows } from '../layout/stack-rows.js';

type Status = { tone: 'ok' | 'error'; text: string };

/**
 * A page the server wants the person to visit. Nothing opens without a key: `o` opens
 * the browser (and accepts), `c` copies, enter accepts for a person who opens it another way.
 */
export function UrlPrompt({ request, width, height }: { request: UrlElicitation; width: number; height: number }) {
  const theme = useTheme();
  const opener = useOpener();
  const copy = useClipboard();
  const { refused, respond } = useRespond(request.id);
  const [status, setStatus] = useState<Status>();
  // A ref, not state: a second `o` can come before the next render, and must not open twice.
  const opening = useRef(false);
  const open = () => {
    if (opening.current) return;
    opening.current = true;
    opener!(request.url).then(
      () => void respond({ action: 'accept', content: {} }),
      (error: unknown) => {
        opening.current = false;
        setStatus({ tone: 'error', text: `could not open the browser: ${(error as Error)?.message ?? String(error)}` });
      },
    );
  };
  useKeys(['elicit'], {
    openUrl: opener ? open : undefined,
    copyUrl: () => {
      copy(request.url);
      setStatus({ tone: 'ok', text: 'sent to the clipboard through the terminal (OSC 52); enter accepts' });
    },
    acceptUrl: () => void respond({ action: 'accept', content: {} }),
    declineRequest: () => void respond({ action: 'decline' }),
    cancelRequest: () => void respond({ action: 'cancel' }),
  }, { priority: PRIORITY.modal, capture: true });
  const buttons: AnswerButton[] = [
    ...(opener ? [{ label: 'Open in browser', key: 'o' }] : []),
    { label: 'Copy', key: 'c' },
    { label: 'Accept', key: 'enter' },
    DECLINE,
    CANCEL,
  ];
  const errors = refusalLines(refused);
  const said = wrapRows(request.message, width);
  // The URL before the message: it is what the person must check. The buttons may wrap onto two rows.
  const rows = stackRows(height, { url: { min: 2, max: urlRows(request, width) }, message: { min: 1, max: said.length }, status: Boolean(status), errors, answer: 2 });
  const message = clipRows(said, rows.message);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {message.map((row, i) => <Text key={i} wrap="truncate-end">{row}</Text>)}
      <UrlLines request={request} width={width} rows={rows.url} />
      <Box flexGrow={1} />
      {status ? <Text color={status.tone === 'error' ? theme.error : theme.success} wrap="truncate-end">{sanitizeLine(status.text)}</Text> : null}
      <RefusalLines lines={errors} />
      <AnswerLine buttons={buttons} />
    </Box>
  );
}
