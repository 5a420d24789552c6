import { readFileSync, writeFileSync, renameSync } from 'node:fs';
import { applyEdits, modify } from 'jsonc-parser';
import { readServersFile } from './load.js';
import type { ConfigIssue, ConfigSource } from './types.js';
import type { UserCatalog } from './user-catalog.js';

/** A place servers can be written to: the user catalog or a JSON file. */
export type WritableScope = { kind: 'user'; catalog: UserCatalog } | { kind: 'file'; path: string };

export class ConfigWriteError extends Error {}

export function scopeOf(source: ConfigSource, catalog: UserCatalog): WritableScope | undefined {
  if (source.kind === 'user') return { kind: 'user', catalog };
  if ((source.kind === 'project' || source.kind === 'file') && source.path) return { kind: 'file', path: source.path };
  return undefined;
}

export function readScope(scope: WritableScope): Record<string, unknown> {
  if (scope.kind === 'user') return scope.catalog.read();
  const issues: ConfigIssue[] = [];
  const servers = readServersFile(scope.path, issues, false);
  if (issues[0]) throw new ConfigWriteError(`${issues[0].message}; fix it before changing servers there`);
  return servers ?? {};
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
  readScope(scope); // refuses to edit a broken file
  let text = '';
  try {
    text = readFileSync(scope.path, 'utf8');
  } catch {
    text = '{}\n';
  }
  const edits = modify(text, ['mcpServers', ...path], value, { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } });
  const next = applyEdits(text, edits);
  const temp = `${scope.path}.${process.pid}.tmp`;
  writeFileSync(temp, next.endsWith('\n') ? next : `${next}\n`);
  renameSync(temp, scope.path);
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
