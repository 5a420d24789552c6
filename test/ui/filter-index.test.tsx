import { afterEach, describe, expect, it } from 'vitest';
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { useFiltered } from '../../src/ui/widgets/filter/useFiltered.js';

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

const ITEMS = Array.from({ length: 1000 }, (_, i) => ({ name: `tool-${i}`, description: i % 2 ? 'Reads a FILE' : 'writes' }));
let made = 0;
/** Counts the texts it makes: each one is part of the filter's index. */
const counted = (x: { name: string; description: string }) => (made++, `${x.name}\n${x.description}`);

function Filtered({ query }: { query: string }) {
  const shown = useFiltered(ITEMS, counted, query);
  return <Text>{`${shown.length} shown`}</Text>;
}

describe('the filter index', () => {
  it('is made at the first query, not for a list nobody filters, and kept for the next ones', () => {
    made = 0;
    const app = render(<Filtered query="" />);
    unmount = app.unmount;
    expect(app.lastFrame()).toBe('1000 shown');
    app.rerender(<Filtered query="" />);
    expect(made).toBe(0);
    app.rerender(<Filtered query="file" />);
    expect(app.lastFrame()).toBe('500 shown');
    expect(made).toBe(1000);
    app.rerender(<Filtered query="tool-99" />);
    expect(app.lastFrame()).toBe('11 shown');
    app.rerender(<Filtered query="" />);
    app.rerender(<Filtered query="writes" />);
    expect(app.lastFrame()).toBe('500 shown');
    expect(made).toBe(1000);
  });
});
