import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MOCKS = /\bvi\.(mock|doMock|resetModules|stubGlobal)\(/;

/** The test files in a folder of test/, as paths from the repository's root. */
function testFiles(folder: string): string[] {
  return readdirSync(join(ROOT, 'test', folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => `test/${folder}/${f}`);
}

// The component tests share their worker's modules (test/vitest.config.ts): a file there that
// replaced a module would replace it for every file after it in that worker.
describe('which test files share modules', () => {
  it('no component test replaces a module', () => {
    const mocking = (folder: string) => testFiles(folder).filter((file) => MOCKS.test(readFileSync(join(ROOT, file), 'utf8')));
    // The check itself finds the unit tests that do (which keep modules of their own).
    expect(mocking('unit')).toContain('test/unit/large-message.test.ts');
    expect(mocking('ui'), 'a component test that mocks a module must move to test/unit (modules of its own)').toEqual([]);
  });
});
