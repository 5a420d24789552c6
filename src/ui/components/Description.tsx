import { Box, Text } from 'ink';
import { sanitize } from '../../util/sanitize.js';

/** The start of a server's description in two rows, enough to tell items apart; dimmed when there is none. */
export function Description({ text }: { text?: string }) {
  const description = sanitize(text ?? '').trim().split('\n').slice(0, 3).join(' ');
  return <Box height={2} overflow="hidden"><Text dimColor={!description}>{description || '(no description)'}</Text></Box>;
}
