import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeck, type Deck } from '../../../src/core/deck.js';
import type { ServerState, ServerStatus } from '../../../src/core/servers/state.js';

/** A deck over exactly these servers, read from a real config file (strict mode). */
export async function deckWith(servers: Record<string, unknown>, extra: Partial<Parameters<typeof createDeck>[0]> = {}): Promise<Deck> {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-test-'));
  const file = join(dir, 'servers.json');
  writeFileSync(file, JSON.stringify({ mcpServers: servers }));
  return createDeck({ cwd: dir, env: process.env, configFiles: [file], strict: true, ...extra });
}

/** Resolves when `name` reaches one of `statuses`; rejects with the last state after `ms`. */
export function waitForStatus(deck: Deck, name: string, statuses: ServerStatus[], ms = 20_000): Promise<ServerState> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const state = deck.getSnapshot().servers.find((s) => s.name === name);
      if (state && statuses.includes(state.status)) {
        off();
        clearTimeout(timer);
        resolve(state);
      }
    };
    const off = deck.subscribe(check);
    const timer = setTimeout(() => {
      off();
      const state = deck.getSnapshot().servers.find((s) => s.name === name);
      reject(new Error(`${name} did not reach ${statuses.join('/')}: ${state?.status} ${state?.error ?? ''}`));
    }, ms);
    check();
  });
}

export function state(deck: Deck, name: string): ServerState {
  const found = deck.getSnapshot().servers.find((s) => s.name === name);
  if (!found) throw new Error(`no server ${name}`);
  return found;
}

/** Resolves when `predicate` holds for a snapshot; rejects after `ms`. */
export function waitFor(deck: Deck, predicate: () => boolean, what: string, ms = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!predicate()) return;
      off();
      clearTimeout(timer);
      resolve();
    };
    const off = deck.subscribe(check);
    const timer = setTimeout(() => (off(), reject(new Error(`timed out waiting for ${what}`))), ms);
    check();
  });
}
