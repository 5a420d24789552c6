import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (global-setup checks it is there), headless, driven by playwright-core. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
}
