import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from '../../helpers/until.js';

export interface FakeBrowser {
  /** For openTerminal's `env`: every way the app could reach a browser leads to the recorder. */
  env: Record<string, string>;
  /** The URLs "opened" so far, oldest first. */
  opened: () => string[];
  /** Resolves once `url` was opened; rejects after `ms` with what was opened instead. */
  waitForOpen: (url: string, ms?: number) => Promise<void>;
}

/**
 * A browser that only writes down what it was asked to open, so a test can say when a
 * URL was opened and no real browser ever starts. mcpdeck opens through $BROWSER when
 * set; the `open` package it may fall back to runs its bundled xdg-open, which reaches
 * $BROWSER only as a "generic" desktop with no display (a desktop session would use
 * gio or kde-open instead); a system xdg-open is shadowed on PATH.
 */
export function fakeBrowser(): FakeBrowser {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-browser-'));
  const log = join(dir, 'opened.txt');
  const recorder = join(dir, 'browser');
  const script = `#!/bin/sh\nprintf '%s\\n' "$1" >> '${log}'\n`;
  mkdirSync(join(dir, 'bin'));
  for (const file of [recorder, join(dir, 'bin', 'xdg-open')]) writeFileSync(file, script, { mode: 0o755 });
  const opened = () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []);
  return {
    env: { BROWSER: recorder, PATH: `${join(dir, 'bin')}:${process.env.PATH ?? ''}`, XDG_CURRENT_DESKTOP: 'X-Generic', DISPLAY: '', WAYLAND_DISPLAY: '' },
    opened,
    waitForOpen: (url, ms = 10_000) => until(() => opened().includes(url), () => `the browser to open ${url}; it opened: ${JSON.stringify(opened())}`, { ms, every: 40 }),
  };
}
