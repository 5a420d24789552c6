import { chromium, type Browser, type Frame, type Page } from 'playwright-core';

/** Debian's Chromium (global-setup checks it is there), headless, driven by playwright-core. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
}

/**
 * An MCP App's own document in the host page: the `srcdoc` frame inside the sandbox proxy's
 * frame. Waits for the frame's navigation, not a fixed time; fails after `ms`.
 */
export async function appFrame(page: Page, ms = 20_000): Promise<Frame> {
  const isApp = (frame: Frame) => frame.url() === 'about:srcdoc';
  const navigated = page.waitForEvent('framenavigated', { predicate: isApp, timeout: ms });
  const there = page.frames().find(isApp);
  if (there) {
    navigated.catch(() => {});
    return there;
  }
  return navigated.catch(() => {
    throw new Error(`no app frame after ${ms} ms; frames: ${page.frames().map((f) => f.url()).join(', ')}`);
  });
}
