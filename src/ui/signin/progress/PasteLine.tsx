import { Text } from 'ink';
import { TextField } from '../../widgets/text/TextField.js';

export const LABEL = 9;

/** The part of a long value around the cursor that fits in `room` columns, `…` where it is cut. */
export function around(value: string, cursor: number, room: number): { value: string; cursor: number } {
  const chars = [...value];
  if (chars.length < room) return { value, cursor };
  const start = Math.max(0, Math.min(cursor - room + 1, chars.length - room + 1));
  const shown = chars.slice(start, start + room - 1);
  if (start > 0) shown[0] = '…';
  return { value: shown.join(''), cursor: cursor - start };
}

/** One row to paste the redirected URL (or the code) into; a long paste shows its end. */
export function PasteLine({ value, cursor, width }: { value: string; cursor: number; width: number }) {
  const field = around(value, cursor, Math.max(4, width - LABEL - 1));
  return (
    <Text wrap="truncate-end">
      <Text dimColor>{'paste'.padEnd(LABEL + 1)}</Text>
      <TextField value={field.value} cursor={field.cursor} focused placeholder="the redirected URL or the code, then enter" />
    </Text>
  );
}
