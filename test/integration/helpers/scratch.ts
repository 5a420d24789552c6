import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createDeck, type Deck } from '../../../src/core/deck.js';

/**
 * A test file's scratch space: a temp folder, config files written into it, decks over
 * them and loopback HTTP servers, all closed after each test (the folder after the file).
 */
export function scratch(prefix: string) {
  let dir = '';
  let configs = 0;
  const decks: Deck[] = [];
  const servers: Server[] = [];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    await Promise.all(decks.splice(0).map((deck) => deck.close()));
    await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    })));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const writeConfig = (entries: Record<string, unknown>): string => {
    const path = join(dir, `config-${++configs}.json`);
    writeFileSync(path, JSON.stringify({ mcpServers: entries }, null, 2));
    return path;
  };
  return {
    get dir() {
      return dir;
    },
    writeConfig,
    /** A deck over exactly these servers; closed after the test. */
    async openDeck(entries: Record<string, unknown>): Promise<Deck> {
      const deck = await createDeck({ cwd: dir, env: process.env, configFiles: [writeConfig(entries)], strict: true });
      decks.push(deck);
      expect(deck.configIssues.filter((i) => i.severity === 'error')).toEqual([]);
      return deck;
    },
    /** An HTTP server on a loopback port; its base URL. */
    async listen(handler: RequestListener): Promise<string> {
      const server = createServer(handler);
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
  };
}
