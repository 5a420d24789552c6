import { describe, expect, it, vi } from 'vitest';
import { loadValidator, uncheckedReason, validate, validatorLoaded } from '../../src/core/schema/validator.js';

// The checker's module fails to load (a broken install; a test's environment torn down
// while a form still loads it).
vi.mock('../../src/core/schema/checker.js', () => {
  throw new Error('the module is gone');
});

describe('a schema checker that cannot load', () => {
  it('settles without rejecting, and every value is said to be unchecked, with why', async () => {
    await expect(loadValidator()).resolves.toBeUndefined();
    expect(validatorLoaded()).toBe(true);
    const result = validate({ type: 'string' }, 1);
    expect(result).toMatchObject({ valid: true, unchecked: expect.stringContaining('the schema checker could not be loaded') });
    expect(uncheckedReason({ type: 'string' })).toContain('could not be loaded');
  });
});
