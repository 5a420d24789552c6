import type { ServerDefinition } from '../config/types.js';

/** What a server's definition may change that a running connection takes as it is: turned on or off, other roots. */
export interface LiveChange {
  disabled: boolean;
  roots: string[];
}

const withoutLive = (d: ServerDefinition) => {
  const { disabled: _d, roots: _r, ...raw } = d.raw;
  const config = d.config && { ...d.config, disabled: undefined, roots: undefined };
  // The approval too: a server approved (or revoked) starts afresh; its file's hash alone
  // (another server of the file changed) leaves a server approved on its own running.
  const approval = d.approval && { ...d.approval, fileHash: undefined };
  return JSON.stringify([raw, d.source, config, approval]);
};

/**
 * How a definition read again differs from the running one: not at all, only in what
 * the connection takes live (`mcpdeck disable` elsewhere; the deck's own `e` and roots,
 * written to the catalog and already applied), or in what needs a new connection.
 * The expanded config counts: an `${input:id}` answered (or an env var changed) leaves
 * the raw entry as it was.
 */
export function definitionChange(a: ServerDefinition, b: ServerDefinition): 'none' | LiveChange | 'restart' {
  const same = (x: ServerDefinition, y: ServerDefinition) => JSON.stringify([x.raw, x.config]) === JSON.stringify([y.raw, y.config]);
  if (withoutLive(a) !== withoutLive(b)) return 'restart';
  if (same(a, b)) return 'none';
  if (!b.config) return 'restart';
  return { disabled: b.config.disabled, roots: b.config.roots ?? [] };
}
