import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: 'test/lint/eslint.config.js' });

async function lint(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.message);
}

describe('the lint that keeps the core UI-free', () => {
  it('refuses react and ink imports in src/core', async () => {
    expect(await lint("import { Box } from 'ink';\n", 'src/core/servers/x.ts')).toEqual([expect.stringContaining('src/core and src/util stay UI-free')]);
    expect(await lint("import React from 'react';\n", 'src/core/x.ts')).toHaveLength(1);
    expect(await lint("import { Select } from '@inkjs/ui';\n", 'src/util/x.ts')).toHaveLength(1);
  });

  it('refuses an import from the UI or CLI layers into the core', async () => {
    expect(await lint("import { x } from '../../ui/App.js';\n", 'src/core/servers/x.ts')).toEqual([expect.stringContaining('Dependencies point down only')]);
  });

  it('lets the UI import them', async () => {
    expect(await lint("import { Box } from 'ink';\n", 'src/ui/x.tsx')).toEqual([]);
  });
});
