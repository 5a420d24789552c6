import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { needsOwnModules, testFiles } from '../own-modules.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

// Test files share their worker's modules (test/vitest.config.ts): a file that replaced a
// module, or needed one not yet loaded, would break the files after it in that worker.
describe('which test files share modules', () => {
  it('finds the unit tests that replace a module or test a first load, and no component test', () => {
    const own = (folder: string) => testFiles(ROOT, folder).filter((file) => needsOwnModules(ROOT, file));
    expect(own('unit')).toEqual(expect.arrayContaining(['test/unit/large-message.test.ts', 'test/unit/schema-checker-load.test.ts']));
    expect(own('ui'), 'a component test that mocks a module must move to test/unit (modules of its own)').toEqual([]);
  });
});
