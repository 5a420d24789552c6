import type { Deck } from '../../../src/core/deck.js';
import type { PendingRequest, RequestsSnapshot } from '../../../src/core/elicitation/types.js';

/** Resolves with what `pick` finds in the request queue's snapshot; rejects after `ms`. */
export function untilRequests<T>(deck: Deck, pick: (s: RequestsSnapshot) => T | undefined | false, what: string, ms = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = pick(deck.requests.getSnapshot());
      if (found === undefined || found === false) return;
      off();
      clearTimeout(timer);
      resolve(found);
    };
    const off = deck.requests.subscribe(check);
    const timer = setTimeout(() => (off(), reject(new Error(`timed out waiting for ${what}: ${JSON.stringify(deck.requests.getSnapshot())}`))), ms);
    check();
  });
}

/** The oldest pending request of this kind (from this server), once there is one. */
export function nextPending<K extends PendingRequest['kind']>(deck: Deck, kind: K, server?: string): Promise<Extract<PendingRequest, { kind: K }>> {
  return untilRequests(
    deck,
    (s) => s.pending.find((r): r is Extract<PendingRequest, { kind: K }> => r.kind === kind && (!server || r.server === server)),
    `a pending ${kind}`,
  );
}

/** The text blocks of a tool result, joined. */
export function resultText(outcome: { result: { content: unknown[] } }): string {
  return outcome.result.content.map((b) => ((b as { type: string }).type === 'text' ? (b as { text: string }).text : '')).join('\n');
}
