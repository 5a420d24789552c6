import { Box, Text } from 'ink';
import { sanitize } from '../../util/sanitize.js';
import { formatBytes } from '../../util/text.js';

/** No more than this of a description is sanitized or split per render: a 1 MB one costs what 4 KB does. */
export const DESCRIPTION_HEAD = 4096;

/** The first `lines` lines of a description as one sanitized line, and its whole length when that is over the head. */
export function descriptionHead(text: string | undefined, lines: number): { line: string; cut?: number } {
  const whole = text ?? '';
  const long = whole.length > DESCRIPTION_HEAD;
  const line = sanitize(long ? whole.slice(0, DESCRIPTION_HEAD) : whole).trim().split('\n').slice(0, lines).join(' ');
  return long ? { line, cut: whole.length } : { line };
}

/**
 * The start of a description in two rows, enough to tell items apart; dimmed when there
 * is none. A huge one gets one row and a note of its size instead of being wrapped whole.
 */
export function Description({ text }: { text?: string }) {
  const { line, cut } = descriptionHead(text, 3);
  return (
    <Box height={2} overflow="hidden" flexDirection="column">
      {cut === undefined ? <Text dimColor={!line}>{line || '(no description)'}</Text> : (
        <>
          <Text wrap="truncate-end">{line}</Text>
          <Text dimColor wrap="truncate-end">{`(the description is ${formatBytes(cut)}; only its start is shown)`}</Text>
        </>
      )}
    </Box>
  );
}
