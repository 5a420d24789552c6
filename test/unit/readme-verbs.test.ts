import { describe, expect, it } from 'vitest';
import { COMMAND_WORDS } from '../../src/cli/program.js';
import { readDoc } from './helpers/readme-section.js';

describe('the command reference (docs/cli.md)', () => {
  it('lists every command word and alias the program takes', () => {
    const readme = readDoc('docs/cli.md');
    const listed = (word: string) => new RegExp(`^mcpdeck ([\\w-]+\\|)*${word}\\b|# alias: ${word}\\b`, 'm').test(readme);
    expect(COMMAND_WORDS.filter((word) => !listed(word))).toEqual([]);
    expect(COMMAND_WORDS.length).toBeGreaterThan(20);
  });
});
