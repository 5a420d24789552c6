import { Box, Text } from 'ink';
import { DESCRIPTION_HEAD, descriptionHead } from '../../util/description-head.js';
import { formatBytes } from '../../util/text.js';
import { wrapRows } from '../widgets/text/wrap.js';

// Kept with the text helpers, so widgets that lay out rows use it too; here for the screens that import it with the component.
export { DESCRIPTION_HEAD, descriptionHead } from '../../util/description-head.js';

/**
 * The start of a description in `rows` rows of `width` (two, enough to tell items apart;
 * more where a screen has them, its own line breaks kept), wrapped at words by wrapRows
 * as the pager wraps; dimmed when there is none. A huge one gets one row and a note of
 * its size instead of being wrapped whole.
 */
export function Description({ text, width, rows = 2 }: { text?: string; width: number; rows?: number }) {
  const { line, cut } = descriptionHead(text, rows > 2 ? rows : 3);
  const wrapped = rows > 2 ? descriptionRows(text, width) : wrapRows(line, width);
  return (
    <Box height={rows} overflow="hidden" flexDirection="column">
      {cut === undefined ? wrapped.slice(0, rows).map((l, i) => <Text key={i} dimColor={!line} wrap="truncate-end">{l || (i ? ' ' : '(no description)')}</Text>) : (
        <>
          <Text wrap="truncate-end">{line}</Text>
          <Text dimColor wrap="truncate-end">{`(the description is ${formatBytes(cut)}; only its start is shown)`}</Text>
        </>
      )}
    </Box>
  );
}

/** A description's rows at `width`, its own line breaks kept, each line sanitized on its own (of its head: a huge one is cut anyway). */
export function descriptionRows(text: string | undefined, width: number): string[] {
  return (text ?? '').slice(0, DESCRIPTION_HEAD).trim().split('\n').flatMap((l) => wrapRows(descriptionHead(l).line, width));
}
