import { Box, Text } from 'ink';
import { descriptionHead } from '../../util/description-head.js';
import { formatBytes } from '../../util/text.js';

// Kept with the text helpers, so widgets that lay out rows use it too; here for the screens that import it with the component.
export { DESCRIPTION_HEAD, descriptionHead } from '../../util/description-head.js';

/**
 * The start of a description in `rows` rows (two, enough to tell items apart; more where
 * a screen has them, its own line breaks kept); dimmed when there is none. A huge one
 * gets one row and a note of its size instead of being wrapped whole.
 */
export function Description({ text, rows = 2 }: { text?: string; rows?: number }) {
  const { line, cut } = descriptionHead(text, rows > 2 ? rows : 3);
  const lines = rows > 2 && cut === undefined ? descriptionLines(text, rows) : [line];
  return (
    <Box height={rows} overflow="hidden" flexDirection="column">
      {cut === undefined ? lines.map((l, i) => <Text key={i} dimColor={!line}>{l || (i ? ' ' : '(no description)')}</Text>) : (
        <>
          <Text wrap="truncate-end">{line}</Text>
          <Text dimColor wrap="truncate-end">{`(the description is ${formatBytes(cut)}; only its start is shown)`}</Text>
        </>
      )}
    </Box>
  );
}

/** The first `rows` lines of a description, each sanitized on its own. */
function descriptionLines(text: string | undefined, rows: number): string[] {
  return (text ?? '').trim().split('\n').slice(0, rows).map((l) => descriptionHead(l).line);
}
