import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/e2e/**/*.test.ts'],
    globalSetup: ['test/e2e/helpers/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Real terminals and real servers on two cores: one file at a time.
    fileParallelism: false,
  },
});
