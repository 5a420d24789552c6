import { Text } from 'ink';
import { useTheme } from '../theme/ThemeContext.js';

/** A tab's label at one width; `on` for the open tab. */
type Label = (tab: string, count: number | undefined, on: boolean) => string;

const whole = (tab: string, count?: number) => (count === undefined ? tab : `${tab} (${count})`);

/**
 * From the widest bar to the narrowest: the other tabs' counts go first, then the space
 * between tabs, then the other tabs' names shorten to four letters, then to their
 * numbers. The open tab stays whole, its count too.
 */
const FITS: readonly { label: Label; gap: string }[] = [
  { label: whole, gap: '  ' },
  { label: (tab, count, on) => (on ? whole(tab, count) : tab), gap: '  ' },
  { label: (tab, count, on) => (on ? whole(tab, count) : tab), gap: ' ' },
  { label: (tab, count, on) => (on ? whole(tab, count) : tab.slice(0, 4)), gap: ' ' },
  { label: (tab, count, on) => (on ? whole(tab, count) : ''), gap: ' ' },
];

/** Each tab's text and the space between them: the widest that fit in `columns` (the narrowest when none do). */
function fit<T extends string>(tabs: readonly T[], active: T, counts: Partial<Record<T, number>>, columns: number): { cells: string[]; gap: string } {
  let cells: string[] = [];
  for (const { label, gap } of FITS) {
    cells = tabs.map((tab, i) => {
      const text = label(tab, counts[tab], tab === active);
      return text ? ` ${i + 1} ${text} ` : ` ${i + 1} `;
    });
    if (cells.join(gap).length <= columns) return { cells, gap };
  }
  return { cells, gap: ' ' };
}

/**
 * `1 Tools  2 Resources ...` on one line, the open tab marked. On a narrow terminal the
 * labels shorten so that every tab stays in view (cut short only when not even numbers fit).
 */
export function TabBar<T extends string>({ tabs, active, counts = {}, columns }: { tabs: readonly T[]; active: T; counts?: Partial<Record<T, number>>; columns: number }) {
  const theme = useTheme();
  const { cells, gap } = fit(tabs, active, counts, columns);
  return (
    <Text wrap="truncate-end">
      {tabs.map((tab, i) => {
        const on = tab === active;
        return (
          <Text key={tab}>
            {i ? gap : ''}
            <Text bold={on} inverse={on} color={on ? theme.selected : undefined}>{cells[i]}</Text>
          </Text>
        );
      })}
    </Text>
  );
}
