import open from 'open';
import type { Opener } from './OpenerContext.js';

/** The real opener: the system's browser, for http(s) only (a server picks the URL). */
export const browserOpener: Opener = async (url) => {
  const { protocol } = new URL(url);
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error(`will not open a ${protocol} URL`);
  const child = await open(url);
  // The browser outlives us: do not keep the event loop alive for it.
  child.unref();
};
