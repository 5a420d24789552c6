import { chmodSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { applyEdits, format, modify } from 'jsonc-parser';
import { readJsonFile } from './read-json.js';
import type { ConfigIssue, ConfigSource } from './types.js';
import type { UserCatalog } from './user-catalog.js';
import { ConfigWriteError } from './write-error.js';
import { isRecord } from '../../util/is-record.js';

/** A place servers can be written to: the user catalog or a JSON file. */
export type WritableScope = { kind: 'user'; catalog: UserCatalog } | { kind: 'file'; path: string };

export { ConfigWriteError };

export function scopeOf(source: ConfigSource, catalog: UserCatalog): WritableScope | undefined {
  if (source.kind === 'user') return { kind: 'user', catalog };
  if ((source.kind === 'project' || source.kind === 'file') && source.path) return { kind: 'file', path: source.path };
  return undefined;
}

export function readScope(scope: WritableScope): Record<string, unknown> {
  if (scope.kind === 'user') return scope.catalog.read();
  return readServersText(scope.path)?.servers ?? {};
}

/** A file's text and its `mcpServers`; undefined when there is no file; throws for one that is broken. */
function readServersText(path: string): { text: string; servers: Record<string, unknown> } | undefined {
  const issues: ConfigIssue[] = [];
  const file = readJsonFile(path, issues, false);
  if (issues[0]) throw new ConfigWriteError(`${issues[0].message}; fix it before changing servers there`);
  if (!file) return undefined;
  const servers = isRecord(file.value) ? file.value.mcpServers ?? {} : undefined;
  if (!isRecord(servers)) throw new ConfigWriteError(`${path}: expected a JSON object with an "mcpServers" object; fix it before changing servers there`);
  return { text: file.text, servers };
}

/**
 * Sets (or with `undefined` removes) one field path under `mcpServers` and keeps every
 * other byte of a file as it was: comments, key order, other fields.
 */
export function editScope(scope: WritableScope, path: string[], value: unknown): void {
  if (scope.kind === 'user') {
    const servers = structuredClone(scope.catalog.read());
    setPath(servers, path, value);
    scope.catalog.write(servers);
    return;
  }
  // Read once: it refuses a broken file, and the edit applies to the very text it checked.
  const file = readServersText(scope.path);
  if (!file) {
    const servers = {};
    setPath(servers, path, value);
    return writeKeepingFile(scope.path, `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`);
  }
  writeKeepingFile(scope.path, applyEdit(file.text, ['mcpServers', ...path], value));
}

/** Applies one change; only the inserted text is formatted, the rest stays byte for byte. */
function applyEdit(text: string, path: string[], value: unknown): string {
  const edits = modify(text, path, value, {});
  let next = applyEdits(text, edits);
  const [edit] = edits;
  if (edits.length === 1 && edit && value !== undefined) {
    next = applyEdits(next, format(next, { offset: edit.offset, length: edit.content.length }, FORMAT));
  }
  return next;
}

const FORMAT = { insertSpaces: true, tabSize: 2, eol: '\n' };

/** Replaces the file atomically, through a symlink, keeping its permissions (a 0600 file stays 0600). */
function writeKeepingFile(path: string, text: string): void {
  let target = path;
  let mode: number | undefined;
  try {
    target = realpathSync(path);
    mode = statSync(target).mode & 0o777;
  } catch {
    // A new file.
  }
  const temp = `${target}.${process.pid}.tmp`;
  writeFileSync(temp, text, mode === undefined ? undefined : { mode });
  if (mode !== undefined) chmodSync(temp, mode);
  renameSync(temp, target);
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    if (value === undefined) delete target[head];
    else target[head] = value;
    return;
  }
  const child = target[head];
  if (typeof child !== 'object' || child === null) target[head] = {};
  setPath(target[head] as Record<string, unknown>, rest, value);
}
