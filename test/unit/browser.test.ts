import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { pathToFileURL } from 'node:url';
import { openInBrowser } from '../../src/core/browser.js';
import { createResultSaver, savedFilesRoot } from '../../src/core/calls/saver.js';

/** A stand-in browser that writes its arguments to a file. */
function fakeBrowser(): { command: string; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-browser-'));
  const out = join(dir, 'opened');
  const command = join(dir, 'browser.sh');
  writeFileSync(command, `#!/bin/sh\nprintf '%s\\n' "$@" > '${out}'\n`);
  chmodSync(command, 0o755);
  return { command, out };
}

describe('opening a browser', () => {
  it('runs $BROWSER with the URL last, or where %s stands', async () => {
    const a = fakeBrowser();
    await openInBrowser('https://example.com/a?b=1', { BROWSER: `${a.command} --new-window:other-browser` });
    await vi.waitFor(() => expect(readFileSync(a.out, 'utf8')).toBe('--new-window\nhttps://example.com/a?b=1\n'));
    const b = fakeBrowser();
    await openInBrowser('http://127.0.0.1:9/x', { BROWSER: `${b.command} --url=%s --quiet` });
    await vi.waitFor(() => expect(readFileSync(b.out, 'utf8')).toBe('--url=http://127.0.0.1:9/x\n--quiet\n'));
  });

  it('opens a file mcpdeck saved (a result image), by its file: URL', async () => {
    const saver = createResultSaver();
    const path = saver.save('picture', Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png');
    const d = fakeBrowser();
    await openInBrowser(pathToFileURL(path).href, { BROWSER: d.command });
    await vi.waitFor(() => expect(readFileSync(d.out, 'utf8')).toBe(`${pathToFileURL(path).href}\n`));
  });

  it('refuses anything but http(s) and its own saved files, and says when $BROWSER cannot start', async () => {
    const c = fakeBrowser();
    await expect(openInBrowser('file:///etc/passwd', { BROWSER: c.command })).rejects.toThrow('will only open files mcpdeck saved');
    await expect(openInBrowser(pathToFileURL(join(savedFilesRoot(), '..', 'elsewhere.png')).href, { BROWSER: c.command })).rejects.toThrow('will only open files mcpdeck saved');
    await expect(openInBrowser(`${pathToFileURL(savedFilesRoot()).href}/results/../../x.png`, { BROWSER: c.command })).rejects.toThrow('will only open files mcpdeck saved');
    await expect(openInBrowser('javascript:alert(1)', { BROWSER: c.command })).rejects.toThrow('will not open');
    expect(existsSync(c.out)).toBe(false);
    await expect(openInBrowser('https://example.com', { BROWSER: '/nonexistent/browser' })).rejects.toThrow('$BROWSER (/nonexistent/browser) could not start');
  });
});
