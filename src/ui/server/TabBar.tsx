import { Text } from 'ink';
import { useTheme } from '../theme/ThemeContext.js';

/** `1 Tools  2 Resources ...` on one line (cut short on a narrow terminal, never wrapped), the open tab marked. */
export function TabBar<T extends string>({ tabs, active, counts }: { tabs: readonly T[]; active: T; counts?: Partial<Record<T, number>> }) {
  const theme = useTheme();
  return (
    <Text wrap="truncate-end">
      {tabs.map((tab, i) => {
        const on = tab === active;
        const count = counts?.[tab];
        return (
          <Text key={tab}>
            {i ? '  ' : ''}
            <Text bold={on} inverse={on} color={on ? theme.selected : undefined}>{` ${i + 1} ${tab}${count !== undefined ? ` (${count})` : ''} `}</Text>
          </Text>
        );
      })}
    </Text>
  );
}
