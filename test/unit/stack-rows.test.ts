import { describe, expect, it } from 'vitest';
import { stackRows } from '../../src/ui/layout/stack-rows.js';

describe('stackRows', () => {
  it('gives fixed parts their rows (a count, lines, or shown or not) and the rest to the part that grows', () => {
    expect(stackRows(24, { head: 1, notes: ['a', 'b'], error: true, warning: false, body: {} })).toEqual({ head: 1, notes: 2, error: 1, warning: 0, body: 20 });
  });

  it('keeps a least size when the rest is smaller, and never gives a part less than none', () => {
    expect(stackRows(5, { head: 4, body: { min: 3 } })).toEqual({ head: 4, body: 3 });
    expect(stackRows(3, { head: -2, body: {} })).toEqual({ head: 0, body: 3 });
    expect(stackRows(2, { head: 4, body: {} })).toEqual({ head: 4, body: 0 });
  });

  it('serves growing parts in the order listed, each up to its most, after every one has its least', () => {
    // The command takes the rows it needs, as long as the result keeps three.
    expect(stackRows(10, { head: 1, command: { min: 1, max: 4 }, result: { min: 3 } })).toEqual({ head: 1, command: 4, result: 5 });
    expect(stackRows(6, { head: 1, command: { min: 1, max: 4 }, result: { min: 3 } })).toEqual({ head: 1, command: 2, result: 3 });
    // Listed first, a part that takes the rest leaves the later ones their least.
    expect(stackRows(10, { result: { min: 3 }, command: { min: 1, max: 4 } })).toEqual({ result: 9, command: 1 });
  });

  it('leaves rows unused when every growing part has what it wants', () => {
    expect(stackRows(20, { list: { max: 5 }, detail: { min: 2, max: 6 } })).toEqual({ list: 5, detail: 6 });
  });
});
