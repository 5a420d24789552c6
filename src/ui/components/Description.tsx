import { Box, Text } from 'ink';
import { descriptionHead } from '../../util/description-head.js';
import { formatBytes } from '../../util/text.js';

// Kept with the text helpers, so widgets that lay out rows use it too; here for the screens that import it with the component.
export { DESCRIPTION_HEAD, descriptionHead } from '../../util/description-head.js';

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
