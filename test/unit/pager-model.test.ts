import { describe, expect, it } from 'vitest';
import { findMatches, lastTop, markNeedle, PAGER_LIMITS, pagerText, scroll, splitLines, wrapLines } from '../../src/ui/widgets/pager/pager-model.js';
import { fieldRows, wrapRows } from '../../src/ui/widgets/text/wrap.js';
import { columnsOf } from '../../src/util/columns.js';
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

  it('finds every occurrence, in order and without regard to case, and the row each is on', () => {
    expect(findMatches(['Alpha alpha', 'beta', 'ALPHABET'], 'alpha')).toEqual([{ line: 0, at: 0 }, { line: 0, at: 6 }, { line: 2, at: 0 }]);
    // Occurrences do not overlap: "aaaa" holds "aa" twice.
    expect(findMatches(['aaaa'], 'aa')).toEqual([{ line: 0, at: 0 }, { line: 0, at: 2 }]);
    expect(findMatches(['a'], '')).toEqual([]);
    const wrapped = wrapLines([`NEEDLE ${'word '.repeat(30)}NEEDLE end`], 20);
    const [first, second] = findMatches(wrapped.lines, 'needle');
    expect(wrapped.rowAt(0, first!.at)).toBe(0);
    expect(wrapped.text({ line: 0, row: wrapped.rowAt(0, second!.at) })).toContain('NEEDLE');
    expect(wrapped.rowAt(0, second!.at)).toBe(wrapped.count(0) - 1);
  });

  it('marks every occurrence in a row, not only the first', () => {
    expect(markNeedle('Needle and needle', 'NEEDLE')).toEqual([
      { text: '', marked: false }, { text: 'Needle', marked: true }, { text: ' and ', marked: false }, { text: 'needle', marked: true }, { text: '', marked: false },
    ]);
    expect(markNeedle('nothing', 'needle')).toEqual([{ text: 'nothing', marked: false }]);
  });

  it('keeps at most PAGER_LIMITS.matches occurrences of a 10 MB text, found in one pass', () => {
    const held = pagerText('needle '.repeat(1_500_000));
    expect(held.total).toBe(10_500_000);
    const lines = splitLines(held.text);
    expect(findMatches(lines, 'needle')).toHaveLength(PAGER_LIMITS.matches);
    expect(PAGER_LIMITS.matches).toBe(10_000);
  });
});

describe('wrapping at words (one cutter for the pager and wrapRows)', () => {
  it('never starts or ends a row with the spaces it broke at, a tab counting as two', () => {
    expect(wrapRows('aaaaaaaaaa bbbbb', 10)).toEqual(['aaaaaaaaaa', 'bbbbb']);
    expect(wrapRows('aaaaaaaaaa  bbbbb', 10)).toEqual(['aaaaaaaaaa', 'bbbbb']);
    expect(wrapRows('aaaaaaaaaa\tbbbbb', 10)).toEqual(['aaaaaaaaaa', 'bbbbb']);
    expect(wrapRows('aaaa     bbbbbbbbb', 6)).toEqual(['aaaa', 'bbbbbb', 'bbb']);
    // Spaces that end a line make no row of their own; a line's indent is kept.
    expect(wrapRows('aaaaaaaaaa   ', 10)).toEqual(['aaaaaaaaaa']);
    expect(wrapRows('  indented text here', 10)).toEqual(['  indented', 'text here']);
  });

  it('cuts the same text into the same rows in the pager as in wrapRows', () => {
    const text = `The tool reads a note by its id and returns its body;  two spaces,\ta tab, and ${'x'.repeat(30)} a long word.`;
    for (const width of [10, 17, 40, 80]) {
      const pager = wrapLines(splitLines(text), width);
      const rows = Array.from({ length: pager.count(0) }, (_, row) => pager.text({ line: 0, row }));
      expect(rows).toEqual(wrapRows(text, width));
      expect(rows.every((r) => r.length <= width && !r.startsWith(' ') && !r.endsWith(' '))).toBe(true);
    }
  });

  it('measures rows in columns: a CJK character or an emoji takes two, and none is cut in half', () => {
    expect(wrapRows('中文字符中文字符', 6)).toEqual(['中文字', '符中文', '字符']);
    expect(wrapRows('ab 中文 cd 中文字符', 7)).toEqual(['ab 中文', 'cd', '中文字', '符']);
    expect(wrapRows('👍🏽👍🏽👍🏽 e\u0301e\u0301e\u0301', 4)).toEqual(['👍🏽👍🏽', '👍🏽', 'e\u0301e\u0301e\u0301']);
    // A character wider than the row still goes somewhere: one to a row.
    expect(wrapRows('中文', 1)).toEqual(['中', '文']);
  });

  it('shows every word of a long line of CJK and English at 80 and 120 columns, no row wider than the screen', () => {
    const line = `中文字符 é ─│ ↑↓→ and a long line: ${'中文字符'.repeat(10)} The quick brown fox jumps over the lazy dog again and again end.`;
    for (const width of [80, 120]) {
      const pager = wrapLines(splitLines(line), width);
      const rows = Array.from({ length: pager.count(0) }, (_, row) => pager.text({ line: 0, row }));
      expect(rows).toEqual(wrapRows(line, width));
      expect(rows.filter((r) => columnsOf(r) > width)).toEqual([]);
      expect(rows.join(' ').replaceAll(' ', '')).toBe(line.replaceAll(' ', ''));
    }
  });

  it('puts a field value\'s further rows under the value', () => {
    expect(fieldRows('Transport', 'sse: Streamable HTTP answered 404', 30, 14)).toEqual([
      'Transport     sse: Streamable',
      '              HTTP answered',
      '              404',
    ]);
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
