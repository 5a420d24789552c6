import { inputRefs } from './expand.js';
import { inputDefinitions } from './inputs.js';
import type { Change } from './json-edit.js';
import type { TransferResult } from './import-servers.js';
import { mapStrings, refused } from './sources/convert.js';
import { valueAt } from './sources/read.js';
import type { ClientFile, ClientFormat, SourceScope, Where } from './sources/types.js';
import { updateJsonFile } from './write.js';
import { ConfigWriteError } from './write-error.js';
import { updateTomlServers } from './write-toml.js';
import { isRecord } from '../../util/is-record.js';

/** The file of a client that `export --to` writes: its user file unless a scope is named. */
export function exportTarget(client: ClientFormat, where: Where, scope?: SourceScope): ClientFile {
  const files = client.files(where);
  const file = files.find((f) => f.scope === (scope ?? 'user')) ?? (scope ? undefined : files[0]);
  if (!file) throw new ConfigWriteError(`${client.name} has no ${scope} file; it has: ${files.map((f) => f.scope).join(', ')}`);
  return file;
}

/**
 * Writes mcpdeck entries into a client's file in its format, under the file's lock,
 * keeping every other byte (JSON: comments, indentation, other fields; TOML: other
 * tables). A name already there with another definition is kept unless `force`.
 */
export async function exportServers(options: {
  client: Pick<ClientFormat, 'name' | 'fromDeck'> & { id: string };
  file: Pick<ClientFile, 'path' | 'at' | 'syntax'>;
  servers: Record<string, Record<string, unknown>>;
  force?: boolean;
  /** How to ask for each `${input:id}` the servers use (registry installs): written to a file that asks for inputs (VS Code's, mcpdeck's). */
  inputs?: { id: string; description: string }[];
}): Promise<TransferResult> {
  const { client, file, force } = options;
  const result: TransferResult = { added: [], replaced: [], same: [], skipped: [], notes: [], problems: [] };
  const converted = new Map<string, Record<string, unknown>>();
  const inputs = new Set<string>();
  for (const [name, entry] of Object.entries(options.servers)) {
    const ids = new Set<string>();
    mapStrings(entry, (v) => (inputRefs(v).forEach((id) => ids.add(id)), v));
    if (ids.size && client.id !== 'vscode' && client.id !== 'mcpdeck') {
      result.skipped.push({ name, why: `it uses \${input:${[...ids][0]}}, which only VS Code asks for` });
      continue;
    }
    const out = client.fromDeck(entry);
    if (refused(out)) {
      result.skipped.push({ name, why: out.refused });
      continue;
    }
    ids.forEach((id) => inputs.add(id));
    converted.set(name, out.entry);
    for (const note of out.notes) result.notes.push({ name, note });
  }
  /** Which names to write, given what the file holds now (decided inside the lock). */
  const decide = (current: Record<string, unknown>) => {
    const write: [string, Record<string, unknown>][] = [];
    for (const [name, entry] of converted) {
      if (JSON.stringify(current[name]) === JSON.stringify(entry)) result.same.push(name);
      else if (name in current && !force) result.skipped.push({ name, why: `${client.name} already has a server of that name there (--force replaces it)` });
      else {
        (name in current ? result.replaced : result.added).push(name);
        write.push([name, entry]);
      }
    }
    return write;
  };
  if (file.syntax === 'toml') {
    return updateTomlServers(file.path, file.at[0]!, (current) => ({ servers: Object.fromEntries(decide(current)), result }));
  }
  return updateJsonFile(file.path, (document) => {
    const current = valueAt(document, file.at) ?? {};
    if (!isRecord(current) || (document !== undefined && !isRecord(document))) {
      throw new ConfigWriteError(`${file.path}: "${file.at.join('.')}" is not an object of servers; fix it before exporting there`);
    }
    const changes: Change[] = decide(current).map(([name, entry]) => ({ path: [...file.at, name], value: entry }));
    const declared = inputDefinitions(document);
    const missing = [...inputs].filter((id) => !declared.has(id));
    if (changes.length && missing.length) {
      const list = isRecord(document) && Array.isArray(document.inputs) ? document.inputs : [];
      const added = missing.map((id) => ({ type: 'promptString', id, description: options.inputs?.find((i) => i.id === id)?.description ?? id, password: true }));
      changes.push({ path: ['inputs'], value: [...list, ...added] });
    }
    return { changes, result };
  });
}
