import { mkdirSync, realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { applyChanges, setPath, type Change, type KeyPath } from './json-edit.js';
import { readJsonFile } from './read-json.js';
import type { ConfigIssue, ConfigSource } from './types.js';
import { PRIVATE_FILE_MODE, type UserCatalog } from './user-catalog.js';
import { ConfigWriteError } from './write-error.js';
import { withFileLock } from '../../util/file-lock.js';
import { replaceFile } from '../../util/replace-file.js';
import { isRecord } from '../../util/is-record.js';

/** A place servers can be written to: the user catalog or a JSON file with `mcpServers`. */
export type WritableScope = { kind: 'user'; catalog: UserCatalog } | { kind: 'file'; path: string };

export { ConfigWriteError };
export type { Change };

/** What to change, decided from the file as it is at the moment of writing (inside the lock). */
export type Plan<T> = (current: Record<string, unknown>) => { changes: Change[]; result: T };

export function scopeOf(source: ConfigSource, catalog: UserCatalog): WritableScope | undefined {
  if (source.kind === 'user') return { kind: 'user', catalog };
  if ((source.kind === 'project' || source.kind === 'file') && source.path) return { kind: 'file', path: source.path };
  return undefined;
}

export function readScope(scope: WritableScope): Record<string, unknown> {
  if (scope.kind === 'user') return scope.catalog.read();
  const file = readJson(scope.path);
  return file ? serversOf(scope.path, file.value) : {};
}

/**
 * Changes a scope's servers (key paths under `mcpServers`) under a cross-process lock:
 * the file is read again inside the lock, a broken one is refused untouched, and the
 * new text replaces it atomically, keeping every other byte.
 */
export async function updateScope<T>(scope: WritableScope, plan: Plan<T>): Promise<T> {
  // The catalog is a file like the others; a new one is private (it may hold headers and env values).
  const path = scope.kind === 'user' ? scope.catalog.path : scope.path;
  return updateJsonFile(path, (document) => {
    const { changes, result } = plan(document === undefined ? {} : serversOf(path, document));
    return { changes: changes.map((c) => ({ path: ['mcpServers', ...c.path], value: c.value })), result };
  }, scope.kind === 'user' ? { newFileMode: PRIVATE_FILE_MODE } : {});
}

/** One change: sets (or with `undefined` removes) a key path under `mcpServers`. */
export function editScope(scope: WritableScope, path: KeyPath, value: unknown): Promise<void> {
  return updateScope(scope, () => ({ changes: [{ path, value }], result: undefined }));
}

export interface WriteOptions {
  /** The mode of a file created now (0600 for mcpdeck's own files); an existing file keeps its own. */
  newFileMode?: number;
}

/**
 * Changes any JSON file (key paths from its root) under the same lock and rules; the
 * plan sees the parsed file, or undefined when there is none yet.
 */
export async function updateJsonFile<T>(path: string, plan: (document: unknown) => { changes: Change[]; result: T }, options: WriteOptions = {}): Promise<T> {
  return locked(path, () => {
    const file = readJson(path);
    const { changes, result } = plan(file?.value);
    if (!changes.length) return result;
    if (file) replaceFile(path, applyChanges(file.text, changes));
    else {
      const document: Record<string, unknown> = {};
      for (const change of changes) setPath(document, change.path, change.value);
      replaceFile(path, `${JSON.stringify(document, null, 2)}\n`, options.newFileMode);
    }
    return result;
  });
}

/** Runs `fn` holding the file's lock (through a symlink, the target's). */
export function locked<T>(path: string, fn: () => T | Promise<T>): Promise<T> {
  mkdirSync(dirname(resolve(path)), { recursive: true });
  let target = resolve(path);
  try {
    target = realpathSync(path);
  } catch {
    // Not there yet: the lock still guards its name.
  }
  return withFileLock(target, fn);
}

/** The file's text and value; undefined when there is none; throws for one that cannot be parsed (it is never overwritten). */
function readJson(path: string): { text: string; value: unknown } | undefined {
  const issues: ConfigIssue[] = [];
  const file = readJsonFile(path, issues, false);
  if (issues[0]) throw new ConfigWriteError(`${issues[0].message}; fix it before changing servers there`);
  return file;
}

function serversOf(path: string, value: unknown): Record<string, unknown> {
  const servers = isRecord(value) ? value.mcpServers ?? {} : undefined;
  if (!isRecord(servers)) throw new ConfigWriteError(`${path}: expected a JSON object with an "mcpServers" object; fix it before changing servers there`);
  return servers;
}
