import { describe, expect, it } from 'vitest';
import { knownFields } from '../../src/core/config/schema.js';
import { readDoc } from './helpers/readme-section.js';

describe("the configuration page's table of fields", () => {
  it('has a row for every field a server entry takes', () => {
    const page = readDoc('docs/configuration.md');
    // The first cell of each row names its fields: `tools.allow`, `tools.block` count for `tools`.
    const named = new Set(page.split('\n').filter((l) => l.startsWith('| `')).flatMap((l) => [...l.split('|')[1]!.matchAll(/`([\w]+)/g)].map((m) => m[1]!)));
    expect(knownFields().filter((field) => !named.has(field))).toEqual([]);
    expect(knownFields().length).toBeGreaterThan(10);
  });
});
