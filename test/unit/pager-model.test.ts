import { describe, expect, it } from 'vitest';
import { findMatches, lastTop, scroll, splitLines, wrapLines } from '../../src/ui/widgets/pager/pager-model.js';
import { clampList, moveList } from '../../src/ui/widgets/list/list-state.js';

describe('pager model', () => {
  const rows = wrapLines(splitLines(['short', 'x'.repeat(25), 'end'].join('\n')), 10);

  it('wraps only on demand and scrolls by rows across wrapped lines', () => {
    expect(rows.count(1)).toBe(3);
    expect(rows.text({ line: 1, row: 2 })).toBe('xxxxx');
    expect(scroll(rows, { line: 0, row: 0 }, 2)).toEqual({ line: 1, row: 1 });
    expect(scroll(rows, { line: 2, row: 0 }, -2)).toEqual({ line: 1, row: 1 });
    expect(scroll(rows, { line: 0, row: 0 }, -5)).toEqual({ line: 0, row: 0 });
    expect(scroll(rows, { line: 2, row: 0 }, 5)).toEqual({ line: 2, row: 0 });
  });

  it('wraps at word boundaries: the space ends a row, a word longer than the row is cut, nothing is lost', () => {
    const line = 'where tools, prompts, and resources are listed; supercalifragilistic';
    const wrapped = wrapLines([line], 14);
    const texts = Array.from({ length: wrapped.count(0) }, (_, row) => wrapped.text({ line: 0, row }));
    expect(texts).toEqual(['where tools,', 'prompts, and', 'resources are', 'listed;', 'supercalifragi', 'listic']);
    expect(texts.every((t) => t.length <= 14)).toBe(true);
    // Every character but the spaces that ended rows is shown, in order.
    expect(texts.join(' ').replace('supercalifragi listic', 'supercalifragilistic')).toBe(line);
    // An emoji is never cut in half.
    const emoji = wrapLines(['aaaaaaaaa😀b'], 10);
    expect(emoji.text({ line: 0, row: 0 })).toBe('aaaaaaaaa');
    expect(emoji.text({ line: 0, row: 1 })).toBe('😀b');
  });

  it('stops paging where the last row fills the bottom of the view', () => {
    expect(lastTop(rows, 3)).toEqual({ line: 1, row: 1 });
    expect(lastTop(rows, 50)).toEqual({ line: 0, row: 0 });
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
