// The repeat command on screen: rows no wider than the screen in columns, nothing lost.
import { describe, expect, it } from 'vitest';
import { commandRows } from '../../src/ui/call/result/command-rows.js';
import { columnsOf, cutColumns } from '../../src/util/columns.js';

const LINE = `中文字符 é ─│ ↑↓→ and a long line: ${'中文字符'.repeat(10)} The quick brown fox jumps over the lazy dog again and again end.`;
const squeezed = (text: string) => text.replace(/\s|\\/g, '');

describe('the repeat command in rows', () => {
  it('keeps every character of a long CJK argument, in rows no wider than the screen', () => {
    const command = `mcpdeck call demo echo --args '${JSON.stringify({ message: LINE })}' --demo`;
    for (const width of [40, 80, 120]) {
      const rows = commandRows(command, width);
      expect(rows.filter((row) => columnsOf(row) > width), String(width)).toEqual([]);
      expect(squeezed(rows.join('')), String(width)).toBe(squeezed(`$ ${command}`));
    }
  });

  it('cuts by columns, never inside a character', () => {
    expect(cutColumns('中文字符中', 4)).toEqual(['中文', '字符', '中']);
    expect(cutColumns('ab中cd', 3)).toEqual(['ab', '中c', 'd']);
    expect(cutColumns('👍🏽👍🏽e\u0301e\u0301', 2)).toEqual(['👍🏽', '👍🏽', 'e\u0301e\u0301']);
    expect(cutColumns('中', 1)).toEqual(['中']);
    expect(cutColumns('abcdefg', 3)).toEqual(['abc', 'def', 'g']);
  });
});
