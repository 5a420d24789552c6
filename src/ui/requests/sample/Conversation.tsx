import { Box, Text } from 'ink';
import type { SamplingRequest } from '../../../core/elicitation/types.js';
import { sampleRows, type SampleRow } from './sample-lines.js';
import { wrapRows } from '../../widgets/text/wrap.js';
import { stackRows } from '../../layout/stack-rows.js';

const ROLE = 11;

/** The messages wrapped to `width`, the role on each message's first row. */
export function conversationRows(params: SamplingRequest['params'], width: number): SampleRow[] {
  return sampleRows(params).flatMap(({ role, text }) =>
    wrapRows(text, width - ROLE).map((row, i) => ({ role: i ? undefined : role, text: row })));
}

/** The conversation in `height` rows (a heading, then the rows), `fromEnd` rows up from its end. */
export function Conversation({ rows, height, fromEnd }: { rows: SampleRow[]; height: number; fromEnd: number }) {
  const { body } = stackRows(height, { heading: 1, body: { min: 1 } });
  const end = rows.length - fromEnd;
  const start = Math.max(0, end - body);
  const shown = rows.slice(start, end);
  const more = [start ? `↑${start}` : '', fromEnd ? `↓${fromEnd}` : ''].filter(Boolean).join(' ');
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text dimColor wrap="truncate-end">{`messages${more ? ` · ${more} more (PgUp/PgDn)` : ''}`}</Text>
      {shown.map((row, i) => (
        <Text key={start + i} wrap="truncate-end">
          <Text bold={Boolean(row.role)}>{(row.role ?? '').padEnd(ROLE)}</Text>
          {row.text}
        </Text>
      ))}
    </Box>
  );
}
