import { useMemo } from 'react';
import type { SignInPhase, SignInSnapshot } from '../../core/auth/sign-in.js';
import type { Notice } from '../../core/elicitation/types.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { useDeck } from '../DeckContext.js';
import { useStore } from '../hooks/useStore.js';
import { noticeRows } from '../requests/lines/NoticeLine.js';

const UNDER_WAY = new Set<SignInPhase>(['confirm', 'starting', 'browser', 'exchanging']);

export interface SignInLayout {
  /** The sign-in in the overlay: the oldest under way, else a failed one until it is dismissed. */
  shown?: SignInSnapshot;
  /** How many sign-ins the overlay has to show, this one included. */
  count: number;
  /** "signed in to X", while the deck keeps it (a while after it happened), and the rows it takes. */
  notice?: Notice;
  noticeRows: number;
}

/** The screen keeps a few rows (its status shows); the sign-in needs the rest for its URL. */
export const screenRowsOverSignIn = (bodyRows: number): number => (bodyRows < 30 ? 3 : Math.min(8, Math.floor(bodyRows / 5)));

/** What the app must make room for while signing in. */
export function useSignInLayout(columns: number): SignInLayout {
  const { attempts } = useStore(useDeck().auth);
  // Each update moves a sign-in to the end of the store's list: order them by when they began.
  const byAge = useMemo(() => [...attempts].sort((a, b) => a.id - b.id), [attempts]);
  const open = [...byAge.filter((a) => UNDER_WAY.has(a.phase)), ...byAge.filter((a) => a.phase === 'failed')];
  const done = byAge.filter((a) => a.phase === 'signed-in').at(-1);
  const notice = useMemo<Notice | undefined>(
    () => (done ? { id: done.id, server: done.server, text: `signed in to ${sanitizeLine(done.server)}`, at: 0, kind: 'completed' } : undefined),
    [done],
  );
  return { shown: open[0], count: open.length, notice, noticeRows: noticeRows(notice, columns) };
}
