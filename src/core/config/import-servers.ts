import { inputRefs } from './expand.js';
import { inputAccount } from './inputs.js';
import { mapStrings } from './sources/convert.js';
import { readDocument, valueAt } from './sources/read.js';
import type { ClientFormat, Where } from './sources/types.js';
import type { UserCatalog } from './user-catalog.js';
import { updateScope } from './write.js';
import { ConfigWriteError } from './write-error.js';
import type { SecretStore } from '../secrets/store.js';
import { isRecord } from '../../util/is-record.js';

/** A client's server, converted, with the file it came from. */
interface Found {
  name: string;
  entry: Record<string, unknown>;
  file: string;
  notes: string[];
}

export interface TransferResult {
  /** New in the target. */
  added: string[];
  /** Replaced (--force). */
  replaced: string[];
  /** Already there as they are. */
  same: string[];
  skipped: { name: string; why: string }[];
  notes: { name: string; note: string }[];
  /** Files that could not be read, and why. */
  problems: string[];
}

/** Every server a client defines, in mcpdeck's shape; a later file (project, local) wins a name. */
function readClientServers(client: ClientFormat, where: Where): { found: Map<string, Found>; problems: string[] } {
  const found = new Map<string, Found>();
  const problems: string[] = [];
  for (const file of client.files(where)) {
    const read = readDocument(file.path, file.syntax);
    if (read.status === 'error') problems.push(read.issue.message);
    if (read.status !== 'read') continue;
    const servers = valueAt(read.document, file.at);
    if (servers !== undefined && !isRecord(servers)) problems.push(`${file.path}: "${file.at.join('.')}" is not an object of servers`);
    if (!isRecord(servers)) continue;
    for (const [name, raw] of Object.entries(servers)) {
      if (!isRecord(raw)) continue;
      const { entry, notes } = client.toDeck(name, raw, read.document);
      found.delete(name);
      found.set(name, { name, entry, file: file.path, notes });
    }
  }
  return { found, problems };
}

/** The names asked for with --only, or all of them; a name nobody defines is an error naming those that exist. */
export function pick<T>(found: ReadonlyMap<string, T>, only: string[] | undefined, where: string): T[] {
  if (!only) return [...found.values()];
  const unknown = only.filter((n) => !found.has(n));
  if (unknown.length) throw new ConfigWriteError(`${unknown.map((n) => `"${n}"`).join(', ')} not found in ${where}; there: ${[...found.keys()].join(', ') || 'no servers'}`);
  return only.map((n) => found.get(n)!);
}

/**
 * Copies a client's servers into the user catalog in one locked write. A name already
 * there with another definition is kept unless `force`. Answers to `${input:id}` given
 * before for the client's file are copied to the catalog's account, so nothing is asked twice.
 */
export async function importServers(options: {
  client: ClientFormat;
  where: Where;
  catalog: UserCatalog;
  only?: string[];
  force?: boolean;
  secrets?: () => Promise<SecretStore>;
}): Promise<TransferResult> {
  const { client, catalog, force } = options;
  const { found, problems } = readClientServers(client, options.where);
  const chosen = pick(found, options.only, `${client.name}'s files`);
  const result: TransferResult = { added: [], replaced: [], same: [], skipped: [], notes: [], problems };
  for (const server of chosen) for (const note of server.notes) result.notes.push({ name: server.name, note });
  await updateScope({ kind: 'user', catalog }, (current) => {
    const changes = [];
    for (const { name, entry } of chosen) {
      if (JSON.stringify(current[name]) === JSON.stringify(entry)) result.same.push(name);
      else if (name in current && !force) result.skipped.push({ name, why: 'the user catalog has another server of that name (--force replaces it)' });
      else {
        (name in current ? result.replaced : result.added).push(name);
        changes.push({ path: [name], value: entry });
      }
    }
    return { changes, result: undefined };
  });
  const copied = chosen.filter((s) => result.added.includes(s.name) || result.replaced.includes(s.name));
  if (options.secrets) await copyInputAnswers(await options.secrets(), copied, catalog.path);
  return result;
}

async function copyInputAnswers(store: SecretStore, servers: Found[], to: string): Promise<void> {
  for (const { entry, file } of servers) {
    const ids = new Set<string>();
    mapStrings(entry, (v) => (inputRefs(v).forEach((id) => ids.add(id)), v));
    for (const id of ids) {
      const answer = await store.get(inputAccount(file, id)).catch(() => undefined);
      if (answer !== undefined && (await store.get(inputAccount(to, id)).catch(() => undefined)) === undefined) await store.set(inputAccount(to, id), answer);
    }
  }
}
