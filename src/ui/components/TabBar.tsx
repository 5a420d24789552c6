import { Box, Text } from 'ink';
import { useTheme } from '../theme/ThemeContext.js';

/** `1 Tools  2 Resources ...` with the open tab marked. */
export function TabBar<T extends string>({ tabs, active, counts }: { tabs: readonly T[]; active: T; counts?: Partial<Record<T, number>> }) {
  const theme = useTheme();
  return (
    <Box gap={2}>
      {tabs.map((tab, i) => {
        const on = tab === active;
        const count = counts?.[tab];
        return (
          <Text key={tab} bold={on} inverse={on} color={on ? theme.selected : undefined}>
            {` ${i + 1} ${tab}${count !== undefined ? ` (${count})` : ''} `}
          </Text>
        );
      })}
    </Box>
  );
}
