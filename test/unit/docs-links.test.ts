import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pages = ['README.md', 'ARCHITECTURE.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchor = (heading: string) => heading.trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-');
const anchorsOf = (text: string) => new Set(text.split('\n').filter((l) => /^#{1,6} /.test(l)).map((l) => anchor(l.replace(/^#+/, ''))));

describe('the documentation', () => {
  it('links only to pages, files and headings that exist', () => {
    const broken: string[] = [];
    for (const page of pages) {
      const text = readFileSync(join(root, page), 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?|mailto):/.test(target!)) continue;
        const [file, hash] = target!.split('#') as [string, string | undefined];
        const path = file ? join(root, dirname(page), file) : join(root, page);
        if (!existsSync(path)) broken.push(`${page}: ${target} (no ${relative(root, path)})`);
        else if (hash && path.endsWith('.md') && !anchorsOf(readFileSync(path, 'utf8')).has(hash)) broken.push(`${page}: ${target} (no heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});
