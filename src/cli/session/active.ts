import type { Deck } from '../../core/deck.js';
import type { SessionHost } from './host.js';
import type { SessionInfo } from './serve.js';

/** The session this process is, for the commands that talk about it (`session status`, `stop`, `answer`, `wait`). */
export interface ActiveSession {
  host: SessionHost;
  info: SessionInfo;
  deck: () => Deck;
  stop: () => void;
}

let active: ActiveSession | undefined;

export const activeSession = () => active;

export function setActiveSession(session: ActiveSession): void {
  active = session;
}
