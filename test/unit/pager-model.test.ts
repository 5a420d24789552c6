import { describe, expect, it } from 'vitest';
import { findMatches, lastTop, rowCount, rowText, scroll, splitLines } from '../../src/ui/widgets/pager/pager-model.js';
import { clampList, moveList } from '../../src/ui/widgets/list/list-state.js';

describe('pager model', () => {
  const lines = splitLines(['short', 'x'.repeat(25), 'end'].join('\n'));

  it('wraps only on demand and scrolls by rows across wrapped lines', () => {
    expect(rowCount(lines[1]!, 10)).toBe(3);
    expect(rowText(lines[1]!, 2, 10)).toBe('xxxxx');
    expect(scroll(lines, { line: 0, row: 0 }, 2, 10)).toEqual({ line: 1, row: 1 });
    expect(scroll(lines, { line: 2, row: 0 }, -2, 10)).toEqual({ line: 1, row: 1 });
    expect(scroll(lines, { line: 0, row: 0 }, -5, 10)).toEqual({ line: 0, row: 0 });
    expect(scroll(lines, { line: 2, row: 0 }, 5, 10)).toEqual({ line: 2, row: 0 });
  });

  it('stops paging where the last row fills the bottom of the view', () => {
    expect(lastTop(lines, 3, 10)).toEqual({ line: 1, row: 1 });
    expect(lastTop(lines, 50, 10)).toEqual({ line: 0, row: 0 });
  });

  it('finds matching lines without regard to case', () => {
    expect(findMatches(['Alpha', 'beta', 'ALPHABET'], 'alpha')).toEqual([0, 2]);
    expect(findMatches(['a'], '')).toEqual([]);
  });
});

describe('list state', () => {
  it('keeps the selection in view and in range when the list shrinks', () => {
    let s = { index: 0, offset: 0 };
    s = moveList(s, 'last', 100, 10);
    expect(s).toEqual({ index: 99, offset: 90 });
    s = moveList(s, 'pageUp', 100, 10);
    expect(s).toEqual({ index: 90, offset: 90 });
    expect(clampList(s, 5, 10)).toEqual({ index: 4, offset: 0 });
    expect(moveList({ index: 0, offset: 0 }, 'up', 3, 10)).toEqual({ index: 0, offset: 0 });
  });
});
