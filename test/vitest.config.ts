import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    setupFiles: ['test/setup-env.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Integration tests start real servers; two cores, so keep the pool small.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // The component tests share each worker's modules: React, Ink and both SDKs are
        // imported once per worker, not once per file (a quarter of their time). Each makes
        // its own deck, servers and folders, and none replaces a module
        // (test/unit/isolation.test.ts keeps it so).
        test: { name: 'ui', include: ['test/ui/**/*.test.{ts,tsx}'], isolate: false },
      },
      // Unit and integration files keep modules of their own: some replace a module or test a
      // first load, and their time is in the servers and commands they start, not in imports.
      { extends: true, test: { name: 'core', include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'] } },
    ],
  },
});
