import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  // The React build users run, for the decks some files draw in-process (test/helpers/production-react.ts).
  oxc: { jsx: { development: false } },
  test: {
    include: ['test/e2e/**/*.test.ts'],
    setupFiles: ['test/helpers/production-react.ts'],
    globalSetup: ['test/e2e/helpers/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Real terminals, browsers and servers: most of a file's time is waiting for a screen,
    // a page or a server, so two files run at once on two cores. Every wait is on what the
    // screen or the wire shows (never a fixed sleep), which is what keeps that safe.
    maxWorkers: 2,
    // A worker imports the helpers, playwright-core and the in-process deck's modules once, not
    // once per file: every file starts its own terminals, servers and browser pages, and none
    // replaces a module or changes the environment (test/unit/isolation.test.ts says so).
    isolate: false,
  },
});
