import { Text } from 'ink';
import type { DriftItem } from '../../core/drift/compare.js';
import { useTheme } from '../theme/ThemeContext.js';

/** Under a selected item that differs from its accepted definition: what changed, and where to see how. */
export function DriftLine({ item }: { item: DriftItem }) {
  const theme = useTheme();
  const what = item.change === 'new' ? 'new since you accepted this server\'s definitions' : `changed since you accepted it: ${item.fields.join(', ')}`;
  const called = item.called ? ' · you called it before' : '';
  return (
    <Text color={item.called ? theme.error : theme.warning} bold={Boolean(item.called)} wrap="truncate-end">
      {`⚠ ${what}${called} · D: diff`}
    </Text>
  );
}
