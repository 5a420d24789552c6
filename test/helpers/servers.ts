// The servers tests run, in one place: the repository's fixture servers and
// server-everything from npm, each started by the Node running the tests.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** A fixture server's file (`test/fixtures/servers/<name>`). */
export const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/servers/${name}`, import.meta.url));

/** A fixture server as a stdio entry, run by this Node. */
export const fixtureServer = (name: string, ...args: string[]) => ({ command: process.execPath, args: [fixture(name), ...args] });

/** server-everything's entry point, from npm. */
export const EVERYTHING = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');

/** server-everything as a stdio entry. */
export const everythingStdio = () => ({ command: process.execPath, args: [EVERYTHING, 'stdio'] });
