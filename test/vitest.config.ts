import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { placement, testFiles, type Placement } from './own-modules.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const placed = testFiles(root, 'unit', 'integration').map((file) => ({ file, placement: placement(root, file) }));
const filesFor = (where: Placement) => placed.filter((f) => f.placement === where).map((f) => f.file);
const ownModules = filesFor('own-modules');
const waiting = filesFor('waiting');

export default defineConfig({
  root,
  // The React build users run (test/helpers/production-react.ts): JSX as the bundle compiles it.
  oxc: { jsx: { development: false } },
  test: {
    setupFiles: ['test/helpers/production-react.ts', 'test/setup-env.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Integration tests start real servers; two cores, so keep the pool small.
    maxWorkers: 2,
    projects: [
      // Test files share each worker's modules: React, Ink, both SDKs and mcpdeck's core are
      // imported once per worker, not once per file (the import was a third of a small file's
      // time). Each file makes its own deck, servers and folders. A file that replaces a
      // module or tests a first load runs with modules of its own (test/own-modules.ts);
      // component tests never do (test/unit/isolation.test.ts).
      { extends: true, test: { name: 'ui', include: ['test/ui/**/*.test.{ts,tsx}'], isolate: false, setupFiles: ['test/ui/helpers/terminal-rows.ts'] } },
      { extends: true, test: { name: 'core', include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'], exclude: [...ownModules, ...waiting], isolate: false } },
      { extends: true, test: { name: 'own-modules', include: ownModules } },
      // Files whose time is mostly waiting (fuzz budgets, timeouts, backoff; each says so on its
      // first line) run last, all at once: their waits overlap, and together they need less
      // than two cores for the time the longest takes. Among the others, a waiting file held one
      // of the two workers with the CPU idle.
      { extends: true, test: { name: 'waiting', include: waiting, isolate: false, maxWorkers: Math.max(1, waiting.length), sequence: { groupOrder: 1 } } },
    ],
  },
});
