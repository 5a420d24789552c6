import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deckOptions } from '../../src/cli/target.js';
import { AuthManager } from '../../src/core/auth/manager.js';
import { createDeck } from '../../src/core/deck.js';
import { NOTICE_MS } from '../../src/core/deck-options.js';
import { RequestQueue, type ElicitInput } from '../../src/core/elicitation/queue.js';
import { openSecretStore } from '../../src/core/secrets/store.js';
import { ManualClock } from './helpers/manual-clock.js';

const form: ElicitInput = { mode: 'form', message: 'Who?', requestedSchema: { type: 'object', properties: {} } };

/** A request the server takes back: the queue says so in a notice. */
async function withdrawn(q: RequestQueue, server: string): Promise<void> {
  const abort = new AbortController();
  const answer = q.elicit(server, form, abort.signal);
  abort.abort('gone');
  await answer.catch(() => undefined);
}

const texts = (q: RequestQueue) => q.getSnapshot().notices.map((n) => n.server);

describe('notices go after their time, in the core', () => {
  it('keeps a notice for noticeMs, then lets it go', async () => {
    const clock = new ManualClock();
    const q = new RequestQueue({ clock, noticeMs: 8000 });
    await withdrawn(q, 'a');
    clock.advance(7999);
    expect(texts(q)).toEqual(['a']);
    clock.advance(1);
    expect(texts(q)).toEqual([]);
    expect(clock.pending).toBe(0);
  });

  it('a newer notice starts the time again and takes the older ones along when it goes', async () => {
    const clock = new ManualClock();
    const q = new RequestQueue({ clock, noticeMs: 8000 });
    await withdrawn(q, 'a');
    clock.advance(5000);
    await withdrawn(q, 'b');
    clock.advance(5000);
    expect(texts(q)).toEqual(['a', 'b']);
    expect(clock.pending).toBe(1);
    clock.advance(3000);
    expect(texts(q)).toEqual([]);
  });

  it('keeps notices until dismissed without a lifetime (a command reads them at its end)', async () => {
    const clock = new ManualClock();
    const q = new RequestQueue({ clock });
    await withdrawn(q, 'a');
    expect(clock.pending).toBe(0);
    clock.advance(60 * 60_000);
    expect(texts(q)).toEqual(['a']);
  });

  it('a deck built with a clock and a lifetime hands both to its queue; the TUI asks for NOTICE_MS, a command for none', async () => {
    const clock = new ManualClock();
    const deck = await createDeck({ cwd: mkdtempSync(join(tmpdir(), 'mcpdeck-notice-')), env: {}, strict: true, clock, noticeMs: 1000 });
    try {
      deck.requests.track('srv', [{ elicitationId: 'e1', url: 'https://pages.test/x' }]);
      deck.requests.complete('srv', 'e1');
      expect(deck.requests.getSnapshot().notices).toMatchObject([{ kind: 'completed', at: clock.now() }]);
      clock.advance(1000);
      expect(deck.requests.getSnapshot().notices).toEqual([]);
    } finally {
      await deck.close();
    }
    const inv = { env: {}, cwd: tmpdir() };
    expect(deckOptions({}, inv, { tui: true }).noticeMs).toBe(NOTICE_MS);
    expect(deckOptions({}, inv).noticeMs).toBeUndefined();
  });
});

describe('sign-ins that are over', () => {
  it('a cancelled sign-in leaves the store at once, with no wait set', async () => {
    const clock = new ManualClock();
    const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-expiry-auth-'));
    const auth = new AuthManager({ env: { MCPDECK_CONFIG_DIR: dir }, secrets: () => openSecretStore({ dir, prefer: 'file' }), clock, noticeMs: 8000 });
    const attempt = auth.signIn('remote', { type: 'http', url: 'https://remote.test/mcp', headers: {} }, { confirmFirst: true });
    expect(auth.getSnapshot().attempts).toMatchObject([{ server: 'remote', phase: 'confirm' }]);
    attempt.proceed(false);
    await expect(attempt.done).resolves.toMatchObject({ phase: 'cancelled' });
    expect(auth.getSnapshot().attempts).toEqual([]);
    expect(clock.pending).toBe(0);
  });
});
