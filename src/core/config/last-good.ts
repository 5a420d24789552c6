import { existsSync } from 'node:fs';
import type { DocumentRead } from './sources/read.js';
import type { ConfigIssue } from './types.js';

/**
 * The last document read well from each file in this session. A file that breaks (an
 * editor half-way through a save, a typo) or goes away while the deck runs keeps the
 * servers it had, with a warning, instead of taking them down.
 */
export type LastGood = Map<string, unknown>;

/** A read as it counts: a good one is remembered; a broken or vanished file read well before gives that document again. */
export function orLastGood(path: string, read: DocumentRead, memory: LastGood | undefined, issues: ConfigIssue[]): DocumentRead & { kept?: string } {
  if (!memory) return read;
  if (read.status === 'read') {
    memory.set(path, read.document);
    return read;
  }
  if (!memory.has(path)) return read;
  const why = read.status === 'missing' ? `${path} is gone` : read.issue.message;
  const kept = `${why}; its servers stay as last read until the file is fixed (or mcpdeck restarts)`;
  issues.push({ severity: 'warning', file: path, message: kept });
  return { status: 'read', text: '', document: memory.get(path), kept };
}

/** The same for a reader that throws for a broken file, and reads a missing one as empty (the user catalog). */
export function valueOrLastGood<T>(path: string, read: () => T, memory: LastGood | undefined, issues: ConfigIssue[]): { value: T; kept?: string } {
  try {
    if (memory?.has(path) && !existsSync(path)) throw new Error(`${path} is gone`);
    const value = read();
    // A file that was never there is not remembered: it cannot be "gone".
    if (existsSync(path)) memory?.set(path, value);
    return { value };
  } catch (error) {
    if (!memory?.has(path)) throw error;
    const kept = `${(error as Error).message}; its servers stay as last read until the file is fixed (or mcpdeck restarts)`;
    issues.push({ severity: 'warning', file: path, message: kept });
    return { value: memory.get(path) as T, kept };
  }
}
