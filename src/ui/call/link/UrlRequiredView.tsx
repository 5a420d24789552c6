import { useState } from 'react';
import { Box, Text } from 'ink';
import type { UrlElicitationNeeded } from '../../../core/elicitation/types.js';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useDeck } from '../../DeckContext.js';
import { useKeys } from '../../keys/useKeys.js';
import { useRequests } from '../../hooks/useRequests.js';
import { useOpener } from '../../system/OpenerContext.js';
import { useClipboard } from '../../system/useClipboard.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { useList } from '../../widgets/list/useList.js';
import { UrlLines, urlRows } from '../../requests/lines/UrlLines.js';
import { clipRows, wrapRows } from '../../widgets/text/wrap.js';
import { stackRows } from '../../layout/stack-rows.js';

interface Props {
  server: string;
  tool: string;
  /** What the server said, and the pages its -32042 error carries. */
  message: string;
  pages: readonly UrlElicitationNeeded[];
  width: number;
  height: number;
  onRetry: () => void;
  onAgain: () => void;
}

/**
 * A call the server refused until the person visits a page (-32042): the pages, each
 * opened only on `o`, whether the server says it is done, and `r` to call again.
 */
export function UrlRequiredView({ server, tool, message, pages, width, height, onRetry, onAgain }: Props) {
  const theme = useTheme();
  const deck = useDeck();
  const opener = useOpener();
  const copy = useClipboard();
  const { urls } = useRequests();
  const list = useList(pages.length, Math.max(1, Math.min(pages.length, 4)));
  const page = pages[list.index]!;
  const [status, setStatus] = useState<string>();
  const done = (p: UrlElicitationNeeded) => urls.some((u) => u.server === server && u.elicitationId === p.elicitationId && u.status === 'completed');
  useKeys(['urlRequired', 'result', 'list'], {
    ...(pages.length > 1 ? list.handlers : {}),
    retryCall: onRetry,
    again: onAgain,
    openRequired: opener ? () => opener(page.url).then(
      () => {
        deck.requests.opened(server, page.elicitationId);
        setStatus(`opened ${page.domain} in your browser; r calls again when you are done there`);
      },
      (error: unknown) => setStatus(`could not open the browser: ${(error as Error)?.message ?? String(error)}`),
    ) : undefined,
    copyRequired: () => {
      copy(page.url);
      setStatus('sent to the clipboard through the terminal (OSC 52)');
    },
  });
  const said = clipRows(wrapRows(message, width), 2);
  const many = pages.length > 1;
  const rows = stackRows(height, {
    title: 1, said, pagesGap: many, pages: many ? list.height : 0, pageGap: 1, message: Boolean(page.message), url: { min: 2, max: urlRows(page, width) }, status: 1, keys: 1,
  });
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text color={theme.warning} bold wrap="truncate-end">{`${sanitizeLine(server)} needs a page visited before ${sanitizeLine(tool)} can run`}</Text>
      {said.map((row, i) => <Text key={i} dimColor wrap="truncate-end">{row}</Text>)}
      {many ? (
        <Box flexDirection="column" marginTop={1}>
          {pages.slice(list.offset, list.offset + list.height).map((p, i) => (
            <Text key={p.elicitationId} bold={list.offset + i === list.index} wrap="truncate-end">
              {`${list.offset + i === list.index ? '› ' : '  '}${sanitizeLine(p.domain)}${done(p) ? '  ✓ done' : ''}`}
            </Text>
          ))}
        </Box>
      ) : null}
      <Box flexDirection="column" marginTop={1}>
        {page.message ? <Text wrap="truncate-end">{sanitizeLine(page.message)}</Text> : null}
        <UrlLines request={page} width={width} rows={rows.url} />
        <Text color={done(page) ? theme.success : theme.muted} wrap="truncate-end">
          {done(page) ? `✓ ${sanitizeLine(server)} says this page is done: r calls again` : status ? sanitizeLine(status) : 'nothing opens until you press o'}
        </Text>
      </Box>
      <Text wrap="truncate-end">
        <Text color={theme.key} bold>r</Text>{' retry the call · '}
        {opener ? <><Text color={theme.key} bold>o</Text>{' open in browser · '}</> : null}
        <Text color={theme.key} bold>c</Text>{' copy · '}
        <Text color={theme.key} bold>a</Text>{' edit the arguments'}
      </Text>
    </Box>
  );
}
