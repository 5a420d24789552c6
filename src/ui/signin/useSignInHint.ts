import { useEffect, useState } from 'react';
import type { ServerState } from '../../core/servers/state.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { useDeck } from '../DeckContext.js';
import { useStore } from '../hooks/useStore.js';
import { BINDINGS } from '../keys/bindings.js';
import { showKey } from '../keys/key-name.js';

/** How long the line stays after the first connects settle. */
const HINT_MS = 20_000;

const key = showKey(BINDINGS.find((b) => b.scope === 'dashboard' && b.command === 'signIn')!.keys[0]);

/**
 * Once, when the first connects have settled: how many servers need sign-in and the key
 * that starts it. It goes after a while, once a sign-in starts, or when none needs it.
 */
export function useSignInHint(servers: readonly ServerState[]): string | undefined {
  const { attempts } = useStore(useDeck().auth);
  const [stage, setStage] = useState<'waiting' | 'showing' | 'done'>('waiting');
  const needing = servers.filter((s) => s.status === 'needs-auth');
  const settled = servers.length > 0 && !servers.some((s) => s.status === 'pending' || s.status === 'connecting');
  const some = needing.length > 0;
  useEffect(() => {
    if (stage === 'waiting' && settled) setStage(some ? 'showing' : 'done');
    if (stage === 'showing' && attempts.length) setStage('done');
  }, [stage, settled, some, attempts.length]);
  useEffect(() => {
    if (stage !== 'showing') return;
    const timer = setTimeout(() => setStage('done'), HINT_MS);
    return () => clearTimeout(timer);
  }, [stage]);
  if (stage !== 'showing' || !some) return undefined;
  return needing.length === 1
    ? `${sanitizeLine(needing[0]!.name)} needs sign-in: select it and press ${key}`
    : `${needing.length} servers need sign-in: select one and press ${key}`;
}
