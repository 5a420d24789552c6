import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMAND_WORDS } from '../../src/cli/program.js';

describe("the README's command reference", () => {
  it('lists every command word and alias the program takes', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const listed = (word: string) => new RegExp(`^mcpdeck ([\\w-]+\\|)*${word}\\b|# alias: ${word}\\b`, 'm').test(readme);
    expect(COMMAND_WORDS.filter((word) => !listed(word))).toEqual([]);
    expect(COMMAND_WORDS.length).toBeGreaterThan(20);
  });
});
