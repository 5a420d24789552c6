import { describe, expect, it } from 'vitest';
import { resultTokensText } from '../../src/core/tokens/result.js';

describe('the token count of a result, as written under it', () => {
  it('says one token and one block in the singular, more in the plural, with thousands marked', () => {
    expect(resultTokensText({ tokens: 1, uncounted: 0 })).toBe('1 token');
    expect(resultTokensText({ tokens: 1234, uncounted: 1 })).toBe('1,234 tokens + 1 image/audio/binary block not counted');
    expect(resultTokensText({ tokens: 2, uncounted: 3 })).toBe('2 tokens + 3 image/audio/binary blocks not counted');
    expect(resultTokensText({ tokens: 250_000, uncounted: 0, cut: true })).toMatch(/^over 250,000 tokens \(the first [\d,]+ characters counted\)$/);
  });
});
