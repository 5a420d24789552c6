import { Box, Text } from 'ink';
import { sanitizeLine } from '../../../util/sanitize.js';
import { useTheme } from '../../theme/ThemeContext.js';
import { clipRows, wrapRows } from '../../widgets/text/wrap.js';
import { stackRows } from '../../layout/stack-rows.js';

const LABEL = 9;

interface Target {
  url: string;
  domain: string;
}

const insecure = (url: string) => /^http:/i.test(url);

/** The rows the domain, the whole URL and a warning would take. */
export function urlRows(target: Target, width: number): number {
  return 1 + wrapRows(target.url, width - LABEL - 1).length + (insecure(target.url) ? 1 : 0);
}

/**
 * Where the person would be sent: the domain first and prominent, then the full URL
 * (each row through `link`, to make it a terminal hyperlink, when given).
 */
export function UrlLines({ request, width, rows, link }: { request: Target; width: number; rows: number; link?: (row: string) => string }) {
  const theme = useTheme();
  const warn = insecure(request.url);
  const url = clipRows(wrapRows(request.url, width - LABEL - 1), stackRows(rows, { domain: 1, url: { min: 1 }, warning: warn }).url);
  return (
    <Box flexDirection="column" height={rows} flexShrink={0}>
      <Text wrap="truncate-end">
        <Text dimColor>{'domain'.padEnd(LABEL)}</Text>
        <Text bold inverse>{` ${sanitizeLine(request.domain)} `}</Text>
      </Text>
      {url.map((row, i) => (
        <Text key={i} wrap="truncate-end">
          <Text dimColor>{(i ? '' : 'url').padEnd(LABEL + 1)}</Text>
          {link ? link(row) : row}
        </Text>
      ))}
      {warn ? <Text color={theme.warning} wrap="truncate-end">{' '.repeat(LABEL)}plain http: the page is not encrypted</Text> : null}
    </Box>
  );
}
