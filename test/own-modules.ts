// Which project a test file runs in, read from the files themselves so a new file is placed
// without a list to keep. Modules of its own (vitest's `isolate`): one that replaces a module
// (vi.mock and the like), or that says it tests a first load with the marker comment
// `// vitest: modules of its own`. Every other file shares its worker's modules. A file whose
// time is mostly waiting says so with `// vitest: mostly waiting (what it waits for)`, and
// runs beside the other such files at the end of the run.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const REPLACES_A_MODULE = /\bvi\.(mock|doMock|resetModules|stubGlobal)\(/;
const MARKER = '// vitest: modules of its own';
const WAITING = '// vitest: mostly waiting';

/** The test files in folders of test/, as paths from the repository's root. */
export function testFiles(root: string, ...folders: string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(join(root, 'test', folder), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.test\.tsx?$/.test(f))
      .map((f) => `test/${folder}/${f}`),
  );
}

/** Where a test file runs: modules of its own, with the waiting files, or sharing its worker's modules. */
export type Placement = 'own-modules' | 'waiting' | 'shared';

export function placement(root: string, file: string): Placement {
  const text = readFileSync(join(root, file), 'utf8');
  if (REPLACES_A_MODULE.test(text) || text.includes(MARKER)) return 'own-modules';
  return text.startsWith(WAITING) ? 'waiting' : 'shared';
}
