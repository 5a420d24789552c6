import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Fails loudly when a tool the suite needs is missing, and builds the app once. */
export default function setup(): void {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
  } catch {
    throw new Error('the end-to-end suite needs tmux (apt-get install tmux)');
  }
  if (!existsSync('/usr/bin/chromium')) throw new Error('the end-to-end suite signs in through Chromium: apt-get install chromium');
  execFileSync(process.execPath, [fileURLToPath(new URL('../../../bin/ensure-built.mjs', import.meta.url))], { stdio: 'inherit' });
}
