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

describe('the lint that keeps one door to configuration', () => {
  it('refuses a store or a config file opened from the CLI or the UI, and lets types through', async () => {
    expect(await lint("import { openUserCatalog } from '../../core/config/user-catalog.js';\nopenUserCatalog();\n", 'src/cli/commands/x.ts')).toEqual([expect.stringContaining('Configuration has one door')]);
    expect(await lint("import { openApprovals } from '../../core/config/approvals.js';\nopenApprovals();\n", 'src/ui/server/x.tsx')).toHaveLength(1);
    expect(await lint("import { updateScope } from '../core/config/write.js';\nvoid updateScope;\n", 'src/cli/x.ts')).toHaveLength(1);
    expect(await lint("import type { WritableScope } from '../../core/config/write.js';\nexport type X = WritableScope;\n", 'src/cli/commands/x.ts')).toEqual([]);
    expect(await lint("import { Workspace } from '../../core/config/workspace.js';\nvoid Workspace;\n", 'src/cli/commands/x.ts')).toEqual([]);
  });
});

describe('the lint that keeps hooks honest', () => {
  it('refuses a hook called conditionally', async () => {
    const code = "import { useState } from 'react';\nexport function useX(on: boolean) {\n  if (on) useState(0);\n}\n";
    expect(await lint(code, 'src/ui/x.ts')).toEqual([expect.stringContaining('React Hook "useState" is called conditionally')]);
  });

  it('refuses an effect that leaves out what it reads, and takes one that names it', async () => {
    const effect = (deps: string) => `import { useEffect } from 'react';\nexport function useX(n: number) {\n  useEffect(() => console.log(n), [${deps}]);\n}\n`;
    expect(await lint(effect(''), 'src/ui/x.ts')).toEqual([expect.stringContaining("React Hook useEffect has a missing dependency: 'n'")]);
    expect(await lint(effect('n'), 'src/ui/x.ts')).toEqual([]);
  });
});
