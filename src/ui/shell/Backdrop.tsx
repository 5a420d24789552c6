import { Box, Text } from 'ink';

/**
 * Blank cells under an overlay, so nothing of the screen beneath shows through its
 * empty parts. Needed because Ink clips a box's text with the innermost overflow box
 * only: a screen's inner `overflow="hidden"` box escapes the shortened screen area.
 */
export function Backdrop({ columns, rows }: { columns: number; rows: number }) {
  const blank = ' '.repeat(Math.max(0, columns));
  return (
    <Box position="absolute" flexDirection="column">
      {Array.from({ length: Math.max(0, rows) }, (_, i) => <Text key={i}>{blank}</Text>)}
    </Box>
  );
}
