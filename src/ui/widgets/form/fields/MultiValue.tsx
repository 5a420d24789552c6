import { Text } from 'ink';
import type { MultiField } from '../../../../core/schema/form.js';
import { same } from '../../../../core/schema/form-values.js';
import { sanitizeLine } from '../../../../util/sanitize.js';

interface Props {
  field: MultiField;
  value: unknown;
  cursor: number;
  focused: boolean;
  width: number;
}

const GAP = 2;

/** Every option with its box on one line, scrolled sideways to keep the cursor's option in view. */
export function MultiValue({ field, value, cursor, focused, width }: Props) {
  const chosen: unknown[] = Array.isArray(value) ? value : [];
  const parts = field.options.map((o) => `${chosen.some((v) => same(v, o.value)) ? '[x]' : '[ ]'} ${sanitizeLine(o.label)}`);
  if (!parts.length) return <Text dimColor>no options</Text>;
  const room = Math.max(8, width - 4);
  const span = (from: number, to: number) => parts.slice(from, to + 1).reduce((n, p) => n + [...p].length + GAP, -GAP);
  let start = 0;
  if (focused) while (start < cursor && span(start, cursor) > room) start++;
  let end = start;
  while (end + 1 < parts.length && span(start, end + 1) <= room) end++;
  return (
    <Text>
      {start > 0 ? <Text dimColor>‹ </Text> : null}
      {parts.slice(start, end + 1).map((p, i) => (
        <Text key={start + i}>
          {i ? ' '.repeat(GAP) : ''}
          <Text inverse={focused && start + i === cursor}>{p}</Text>
        </Text>
      ))}
      {end + 1 < parts.length ? <Text dimColor> ›</Text> : null}
    </Text>
  );
}
