import { spawn } from 'node:child_process';
import { relative, isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import { savedFilesRoot } from './calls/saver.js';

/** How long the system's opener gets to say it failed before the URL counts as handed on. */
const OPENER_GRACE_MS = 1500;

/** A `file:` URL is opened only for a file mcpdeck saved itself (a result's image, a blob). */
function isSavedFile(url: URL): boolean {
  const path = relative(savedFilesRoot(), fileURLToPath(url));
  return path !== '' && !path.startsWith('..') && !isAbsolute(path);
}

/**
 * Opens a URL in the person's browser: through $BROWSER when set (the first of a
 * colon-separated list; `%s` stands for the URL, else it goes last), else the
 * system's opener. Only http(s), since a server chose this URL, or the `file:` URL of a
 * file mcpdeck saved (which the system's opener shows in its viewer).
 */
export async function openInBrowser(url: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const parsed = new URL(url);
  const { protocol } = parsed;
  if (protocol === 'file:' ? !isSavedFile(parsed) : protocol !== 'https:' && protocol !== 'http:') {
    throw new Error(protocol === 'file:' ? 'will only open files mcpdeck saved' : `will not open a ${protocol} URL`);
  }
  const browser = env.BROWSER?.split(':')[0]?.trim();
  if (!browser) {
    const { default: open } = await import('open');
    const child = await open(url);
    // The system's opener (xdg-open, open, start) hands the URL on and exits: a failure
    // (no browser, no viewer, no display) shows as its exit code, at once.
    await new Promise<void>((resolve, reject) => {
      const settled = setTimeout(resolve, OPENER_GRACE_MS).unref();
      child.once('error', (error) => {
        clearTimeout(settled);
        reject(new Error(`the system's opener could not start (${error.message}); open it yourself: ${protocol === 'file:' ? fileURLToPath(parsed) : url}`));
      });
      child.once('exit', (code) => {
        clearTimeout(settled);
        if (code) reject(new Error(`the system's opener found nothing to open it with (exit code ${code}); open it yourself: ${protocol === 'file:' ? fileURLToPath(parsed) : url}`));
        else resolve();
      });
    });
    // The browser outlives us: it must not keep the event loop alive.
    child.unref();
    return;
  }
  const [command, ...words] = browser.split(/\s+/) as [string, ...string[]];
  const args = words.some((w) => w.includes('%s')) ? words.map((w) => w.replaceAll('%s', url)) : [...words, url];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore', env });
    child.once('error', (error) => reject(new Error(`$BROWSER (${command}) could not start: ${error.message}`)));
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
