import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startPerson } from '../../fixtures/auth/person.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where browser.mjs hands the URLs mcpdeck opens: the person at the suite's one Chromium. */
    person: string;
  }
}

/**
 * Fails loudly when a tool the suite needs is missing, builds the app once, and starts the
 * person at a browser that sign-in tests hand their URLs to (one Chromium for the run, a
 * fresh context for each URL, as a browser already open on a desktop).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
  } catch {
    throw new Error('the end-to-end suite needs tmux (apt-get install tmux)');
  }
  if (!existsSync('/usr/bin/chromium')) throw new Error('the end-to-end suite signs in through Chromium: apt-get install chromium');
  execFileSync(process.execPath, [fileURLToPath(new URL('../../../bin/ensure-built.mjs', import.meta.url))], { stdio: 'inherit' });
  const person = await startPerson();
  project.provide('person', person.at);
  return person.stop;
}
