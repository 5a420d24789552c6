// Which test files run with modules of their own (vitest's `isolate`), read from the files
// themselves so a new file is placed without a list to keep: one that replaces a module
// (vi.mock and the like), or that says it tests a first load with the marker comment
// `// vitest: modules of its own`. Every other file shares its worker's modules.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const REPLACES_A_MODULE = /\bvi\.(mock|doMock|resetModules|stubGlobal)\(/;
const MARKER = '// vitest: modules of its own';

/** The test files in folders of test/, as paths from the repository's root. */
export function testFiles(root: string, ...folders: string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(join(root, 'test', folder), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.test\.tsx?$/.test(f))
      .map((f) => `test/${folder}/${f}`),
  );
}

export function needsOwnModules(root: string, file: string): boolean {
  const text = readFileSync(join(root, file), 'utf8');
  return REPLACES_A_MODULE.test(text) || text.includes(MARKER);
}
