import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { placement, testFiles, type Placement } from '../own-modules.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const placedIn = (folder: string, where: Placement) => testFiles(ROOT, folder).filter((file) => placement(ROOT, file) === where);

// Test files share their worker's modules (test/vitest.config.ts): a file that replaced a
// module, or needed one not yet loaded, would break the files after it in that worker.
describe('which test files share modules', () => {
  it('finds the unit tests that replace a module or test a first load, and no component test', () => {
    const own = (folder: string) => placedIn(folder, 'own-modules');
    expect(own('unit')).toEqual(expect.arrayContaining(['test/unit/large-message.test.ts', 'test/unit/schema-checker-load.test.ts']));
    expect(own('ui'), 'a component test that mocks a module must move to test/unit (modules of its own)').toEqual([]);
  });

  it('finds the files that say they mostly wait, and only where the config looks (unit and integration)', () => {
    const waiting = (folder: string) => placedIn(folder, 'waiting');
    expect(waiting('integration')).toEqual(expect.arrayContaining(['test/integration/fuzz-cli.test.ts', 'test/integration/listen-stream.test.ts']));
    expect(waiting('ui'), 'a component test that mostly waits would not run with the waiting files: the ui project has its own setup').toEqual([]);
    expect(waiting('e2e'), 'the end-to-end suite has one project').toEqual([]);
  });

  it('finds no end-to-end file that replaces a module or changes the environment: they share their workers too', () => {
    expect(placedIn('e2e', 'own-modules')).toEqual([]);
    const setsEnv = /process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env/;
    expect(testFiles(ROOT, 'e2e').filter((file) => setsEnv.test(readFileSync(join(ROOT, file), 'utf8')))).toEqual([]);
  });
});
