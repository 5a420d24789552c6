import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const README = fileURLToPath(new URL('../../../README.md', import.meta.url));

/**
 * The README's part from the `start` marker to the `end` one is `generated`, word for word;
 * with UPDATE_README=1 it is rewritten to be.
 */
export function expectReadmeSection(start: string, end: string, generated: string): void {
  const readme = readFileSync(README, 'utf8');
  const at = readme.indexOf(start);
  const to = readme.indexOf(end);
  expect(at, `the README needs the part that starts with ${start}`).toBeGreaterThan(-1);
  const current = readme.slice(at, to + end.length);
  if (process.env.UPDATE_README && current !== generated) writeFileSync(README, readme.replace(current, generated));
  else expect(current).toBe(generated);
}
