import { describe, expect, it } from 'vitest';
import { countOf, formatCount } from '../../src/util/text.js';

describe('formatCount', () => {
  it('marks thousands as en-US does, without loading ICU', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 100_000, 1_234_567, -4200, 1234.5]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US', { maximumFractionDigits: 20 }));
    }
  });

  it('names a count with its noun', () => {
    expect(countOf(1, 'tool')).toBe('1 tool');
    expect(countOf(2_000, 'tool')).toBe('2,000 tools');
  });
});
