import { describe, expect, it } from 'vitest';
import { LineTail } from '../../src/util/line-tail.js';

describe('LineTail', () => {
  it('joins a line split across chunks', () => {
    const tail = new LineTail(10);
    expect(tail.push('hel')).toEqual(['hel']);
    expect(tail.push('lo\nwor')).toEqual(['hello', 'wor']);
    expect(tail.push('ld\n')).toEqual(['hello', 'world']);
  });

  it('treats CRLF as one line break, even split between chunks', () => {
    const tail = new LineTail(10);
    tail.push('a\r');
    expect(tail.push('\nb\r\n')).toEqual(['a', 'b']);
  });

  it('keeps only the last lines', () => {
    const tail = new LineTail(3);
    expect(tail.push('1\n2\n3\n4\n5\n')).toEqual(['3', '4', '5']);
  });

  it('never returns more than its size, counting an unfinished line', () => {
    const tail = new LineTail(2);
    const lines = tail.push('1\n2\n3\n4');
    expect(lines).toEqual(['3', '4']);
  });

  it('cuts very long lines, finished or not', () => {
    const tail = new LineTail(5);
    const [done] = tail.push(`${'x'.repeat(5000)}\n`);
    expect(done).toHaveLength(2000);
    for (let i = 0; i < 10; i++) tail.push('y'.repeat(1000));
    expect(tail.lines()[1]).toBe('y'.repeat(2000));
  });

  it('returns a new array each time, which later pushes do not change', () => {
    const tail = new LineTail(5);
    const first = tail.push('a\n');
    const second = tail.push('b\n');
    expect(first).toEqual(['a']);
    expect(second).not.toBe(first);
  });

  it('clear() empties it', () => {
    const tail = new LineTail(5);
    tail.push('a\nb');
    tail.clear();
    expect(tail.lines()).toEqual([]);
    expect(tail.push('c\n')).toEqual(['c']);
  });
});
