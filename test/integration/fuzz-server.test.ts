// vitest: mostly waiting (a 5 s fuzz budget)
import { afterEach, describe, expect, it } from 'vitest';
import type { Deck } from '../../src/core/deck.js';
import { deckWith, state, waitForStatus } from './helpers/deck.js';
import { fixture, fixtureServer } from '../helpers/servers.js';

const FUZZ_MS = 5000;
// Reproducible: FUZZ_SEED=<n> replays a failing run.
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

describe('a server sending random and mutated JSON-RPC', () => {
  let deck: Deck | undefined;
  afterEach(async () => deck?.close());

  it(`never crashes or hangs the deck (seed ${SEED})`, async () => {
    console.log(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
    deck = await deckWith({
      fuzz: { command: process.execPath, args: [fixture('hostile-fuzz.mjs')], env: { FUZZ_SEED: String(SEED), FUZZ_UNTIL: String(Date.now() + FUZZ_MS) }, timeout: 2000 },
      healthy: fixtureServer('healthy.mjs'),
    });
    const connecting = deck.connectAll();
    await waitForStatus(deck, 'healthy', ['connected']);
    const end = Date.now() + FUZZ_MS;
    let calls = 0;
    while (Date.now() < end) {
      // Each call completes or fails within its bound; neither one rejects unhandled nor hangs.
      const started = Date.now();
      const outcomes = await Promise.allSettled([
        deck.callTool('fuzz', 'echo', { text: `n${calls}` }, { timeout: 1000 }),
        deck.callTool('healthy', 'echo', { text: `h${calls}` }, { timeout: 5000 }),
      ]);
      expect(Date.now() - started).toBeLessThan(6000);
      // The healthy server in the same deck stays connected and callable all along.
      expect(outcomes[1]).toMatchObject({ status: 'fulfilled', value: { result: { content: [{ type: 'text', text: `h${calls}` }] } } });
      expect(state(deck, 'healthy').status).toBe('connected');
      calls++;
    }
    await connecting;
    expect(calls).toBeGreaterThan(2);
    const fuzz = state(deck, 'fuzz');
    // Either it stayed connected, or it failed with a reason a person can read.
    expect(['connected', 'failed'], `${fuzz.status}: ${fuzz.error}`).toContain(fuzz.status);
    if (fuzz.status === 'failed') expect(fuzz.error).toMatch(/\w{3,}/);
    console.log(`fuzz: ${calls} rounds, ended ${fuzz.status}${fuzz.error ? `: ${fuzz.error.slice(0, 200)}` : ''}`);
    // Once the fuzzing is over, a reconnect brings it back and it answers properly.
    await deck.reconnect('fuzz');
    expect(state(deck, 'fuzz').status).toBe('connected');
    const after = await deck.callTool('fuzz', 'echo', { text: 'calm' }, { timeout: 5000 });
    expect(after.result.content).toEqual([{ type: 'text', text: 'calm' }]);
  }, 30_000);
});
