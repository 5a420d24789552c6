import { describe, expect, it } from 'vitest';
import { demoDefinition } from '../../src/core/config/demo-entry.js';
import { normalizeEntry } from '../../src/core/config/normalize.js';

describe('the built-in demo entry', () => {
  it('is what normalizeEntry makes of it (written out so a deck with nothing configured builds no entry schema)', () => {
    const demo = demoDefinition();
    const normalized = normalizeEntry(demo.name, demo.raw, demo.source, {});
    const { factory, ...config } = demo.config as { factory?: unknown };
    expect(typeof factory).toBe('function');
    expect(normalized.issues).toEqual([]);
    expect(JSON.parse(JSON.stringify({ ...demo, config }))).toEqual(JSON.parse(JSON.stringify(normalized)));
  });
});
