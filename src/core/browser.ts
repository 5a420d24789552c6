import { spawn } from 'node:child_process';

/**
 * Opens a URL in the person's browser: through $BROWSER when set (the first of a
 * colon-separated list; `%s` stands for the URL, else it goes last), else the
 * system's opener. Only http(s): a server chose this URL.
 */
export async function openInBrowser(url: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const { protocol } = new URL(url);
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error(`will not open a ${protocol} URL`);
  const browser = env.BROWSER?.split(':')[0]?.trim();
  if (!browser) {
    const { default: open } = await import('open');
    // The browser outlives us: it must not keep the event loop alive.
    (await open(url)).unref();
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
