/**
 * Every status a server can be in, and each fact the front ends show or act on for it:
 * the one table the CLI and the deck read. A new status is an entry here (its test and
 * the badges listed in docs/cli.md check the rest).
 */
export interface StatusFacts {
  glyph: string;
  word: string;
  /** A colour name the CLI (node:util styleText) and Ink both take. */
  colour: 'green' | 'cyan' | 'gray' | 'red' | 'yellow' | 'magenta';
  /** Drawn bold: the person has something to do. */
  loud: boolean;
  /** Whether reconnecting it means anything: it is switched on and allowed to run. */
  reconnects: boolean;
  /** The exit status a command ends with when a server is in it (a name of the CLI's `Exit`); the first in table order wins. */
  exit?: 'connection' | 'needsAuth' | 'needsApproval';
}

export const STATUS = {
  connected: { glyph: '✓', word: 'connected', colour: 'green', loud: false, reconnects: true },
  connecting: { glyph: '◌', word: 'connecting', colour: 'cyan', loud: false, reconnects: true },
  pending: { glyph: '…', word: 'pending', colour: 'gray', loud: false, reconnects: true },
  failed: { glyph: '✗', word: 'failed', colour: 'red', loud: true, reconnects: true, exit: 'connection' },
  'needs-auth': { glyph: '!', word: 'needs sign-in', colour: 'yellow', loud: true, reconnects: true, exit: 'needsAuth' },
  // Nothing to reconnect while it waits: approving it (A in the deck) starts it.
  'needs-approval': { glyph: '?', word: 'needs approval', colour: 'magenta', loud: false, reconnects: false, exit: 'needsApproval' },
  disabled: { glyph: '⊘', word: 'disabled', colour: 'gray', loud: false, reconnects: false },
} as const satisfies Record<string, StatusFacts>;

export type ServerStatus = keyof typeof STATUS;

/** `✓ connected`: the glyph and the word, as every list shows a status. */
export const badgeText = (status: ServerStatus) => `${STATUS[status].glyph} ${STATUS[status].word}`;

/** The exit name for the worst status among these (table order), or undefined when none has one. */
export function worstExit(statuses: readonly ServerStatus[]): StatusFacts['exit'] {
  const present = new Set(statuses);
  return (Object.entries(STATUS) as [ServerStatus, StatusFacts][]).find(([status, facts]) => facts.exit && present.has(status))?.[1].exit;
}
