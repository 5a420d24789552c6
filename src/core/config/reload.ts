import type { ConfigIssue } from './types.js';
import type { ServerState } from '../servers/state.js';
import type { SetServersResult } from '../servers/hub.js';

/** What reading the configuration again changed in a running deck. */
export interface ConfigReload {
  added: string[];
  removed: string[];
  /** Defined differently now: reconnected with the new definition. */
  changed: string[];
  /** Added or changed servers from a project's file that wait for approval (nothing of theirs started). */
  waiting: string[];
  /** Problems that were not there before (a broken file, a bad entry). */
  newIssues: ConfigIssue[];
  /** Problems that are gone (a file fixed). */
  fixed: ConfigIssue[];
}

const key = (i: ConfigIssue) => `${i.severity}\0${i.message}`;

export function describeReload(result: SetServersResult, before: readonly ConfigIssue[], after: readonly ConfigIssue[], servers: readonly ServerState[]): ConfigReload {
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  const touched = new Set([...result.added, ...result.changed]);
  return {
    added: result.added,
    removed: result.removed,
    changed: result.changed,
    waiting: servers.filter((s) => touched.has(s.name) && s.status === 'needs-approval').map((s) => s.name),
    newIssues: after.filter((i) => !had.has(key(i))),
    fixed: before.filter((i) => !has.has(key(i))),
  };
}

/** The short line a person sees ("config reloaded: +1 −0 ~1"), or nothing when nothing changed. */
export function reloadNotice(reload: ConfigReload): { text: string; kind: 'reloaded' | 'failed' } | undefined {
  const { added, removed, changed, waiting, newIssues, fixed } = reload;
  if (!added.length && !removed.length && !changed.length && !newIssues.length && !fixed.length) return undefined;
  const parts = [`config reloaded: +${added.length} −${removed.length} ~${changed.length}`];
  if (waiting.length) parts.push(`${waiting.join(', ')} ${waiting.length === 1 ? 'waits' : 'wait'} for approval (A)`);
  if (newIssues[0]) parts.push(newIssues[0].message + (newIssues.length > 1 ? ` (+${newIssues.length - 1} more)` : ''));
  return { text: parts.join(' · '), kind: newIssues.length ? 'failed' : 'reloaded' };
}
