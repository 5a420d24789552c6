// The servers tests run, in one place: the repository's fixture servers and
// server-everything from npm, each started by the Node running the tests.
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';

/** A fixture server's file (`test/fixtures/servers/<name>`). */
export const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/servers/${name}`, import.meta.url));

/** A fixture server as a stdio entry, run by this Node. */
export const fixtureServer = (name: string, ...args: string[]) => ({ command: process.execPath, args: [fixture(name), ...args] });

/** server-everything's entry point, from npm. */
export const EVERYTHING = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');

/** server-everything as a stdio entry. */
export const everythingStdio = () => ({ command: process.execPath, args: [EVERYTHING, 'stdio'] });

/**
 * A web page on localhost (127.0.0.1) for the file's tests, started before them and closed
 * after: `page.url` is its address by name, which a sandboxed server reaches only when
 * `localhost` is allowed.
 */
export function localhostPage(text: string): { url: string } {
  const page = { url: '' };
  let web: Server;
  beforeAll(async () => {
    web = createServer((_req, res) => res.end(text));
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    page.url = `http://localhost:${(web.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => web.close(() => resolve())));
  return page;
}
