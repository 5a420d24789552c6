import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/** A page of the documentation by its path from the repository's root (`docs/deck.md`). */
const docPath = (page: string) => fileURLToPath(new URL(`../../../${page}`, import.meta.url));
export const readDoc = (page: string) => readFileSync(docPath(page), 'utf8');

/**
 * The page's part from the `start` marker to the `end` one is `generated`, word for word;
 * with UPDATE_README=1 it is rewritten to be.
 */
export function expectReadmeSection(page: string, start: string, end: string, generated: string): void {
  const README = docPath(page);
  const readme = readFileSync(README, 'utf8');
  const at = readme.indexOf(start);
  const to = readme.indexOf(end);
  expect(at, `${page} needs the part that starts with ${start}`).toBeGreaterThan(-1);
  const current = readme.slice(at, to + end.length);
  if (process.env.UPDATE_README && current !== generated) writeFileSync(README, readme.replace(current, () => generated));
  else expect(current).toBe(generated);
}
