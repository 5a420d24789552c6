import { readDocument, valueAt } from '../config/sources/read.js';
import { ConfigWriteError } from '../config/write-error.js';
import { isRecord } from '../../util/is-record.js';
import { RegistryError, type RegistryClient } from './client.js';
import { isNewer, readInstalls, updateInstalls, type InstallRecord } from './installed.js';
import { pinOf } from './launch.js';
import type { RegistryEntry } from './server-json.js';

/** One installed server against what its registry publishes now. */
export interface InstallCheck {
  record: InstallRecord;
  /** The registry's latest version, and its status (`active`, `deprecated`, `deleted`: a server gone from the registry is `deleted`). */
  latest?: string;
  status?: string;
  newer: boolean;
  /** The installed version's own status, when it is not active (a deprecated release). */
  installedStatus?: string;
  /** Why the registry could not say. */
  error?: string;
}

/** The entry a record names, as its file holds it now; undefined when the entry is gone. */
function installedEntry(record: InstallRecord): Record<string, unknown> | undefined {
  const read = readDocument(record.path, record.syntax);
  if (read.status !== 'read') return undefined;
  const entry = valueAt(read.document, [...record.at, record.name]);
  return isRecord(entry) ? entry : undefined;
}

/**
 * Asks each record's registry for the latest version (one request per server, however many
 * files it is installed in), keeps the answers in the records, and forgets records whose
 * entry is no longer in its file.
 */
export async function checkInstalls(env: NodeJS.ProcessEnv, registryFor: (url: string) => RegistryClient, records = readInstalls(env)): Promise<InstallCheck[]> {
  const present = records.filter((r) => installedEntry(r) !== undefined);
  const answers = new Map<string, Promise<{ latest?: RegistryEntry; installed?: RegistryEntry; error?: string; gone?: boolean }>>();
  const ask = (r: InstallRecord) => {
    const key = `${r.registry}\0${r.server}\0${r.version}`;
    let answer = answers.get(key);
    if (!answer) {
      const client = registryFor(r.registry);
      answer = Promise.all([client.server(r.server), client.server(r.server, r.version).catch(() => undefined)]).then(
        ([latest, installed]) => ({ latest, installed }),
        (error: Error) => (error instanceof RegistryError && error.status === 404 ? { gone: true } : { error: error.message }),
      );
      answers.set(key, answer);
    }
    return answer;
  };
  const now = new Date().toISOString();
  const checks = await Promise.all(present.map(async (record): Promise<InstallCheck> => {
    const { latest, installed, error, gone } = await ask(record);
    if (error) return { record, newer: false, error };
    if (gone) return { record, status: 'deleted', newer: false };
    const version = latest!.server.version;
    const status = latest!.official?.status ?? 'active';
    const installedStatus = installed?.official?.status;
    return { record, latest: version, status, newer: isNewer(version, record.version), ...(installedStatus && installedStatus !== 'active' && { installedStatus }) };
  }));
  const seen = (c: InstallCheck) => (c.latest || c.status
    ? { ...c.record, latest: { version: c.latest ?? c.record.version, status: c.status ?? 'active', checkedAt: now, ...(c.installedStatus && { installedStatus: c.installedStatus }) } }
    : c.record);
  // Forgotten: the records checked whose entry has gone from its file; every other record stays.
  const gone = new Set(records.filter((r) => !present.includes(r)).map(recordKey));
  await updateInstalls(env, checks.map(seen), (r) => !gone.has(recordKey(r)));
  return checks;
}

const recordKey = (r: InstallRecord) => [r.path, ...r.at, r.name].join('\0');

/** What `update` did to one installed entry. */
export interface UpdateResult {
  record: InstallRecord;
  from: string;
  to: string;
  /** The entry is a project's (its file is shared): mcpdeck asks for approval again before it runs. */
  project: boolean;
}

/**
 * Rewrites an installed entry's version pin to the registry's latest version, keeping every
 * other part of the entry (and of its file) as it is. A remote has no pin: its record moves on.
 */
export async function updateInstall(env: NodeJS.ProcessEnv, record: InstallRecord, latest: RegistryEntry): Promise<UpdateResult> {
  const to = latest.server.version;
  const result = { record, from: record.version, to, project: record.target.endsWith('-project') || record.target.endsWith('-local') || record.target === 'vscode' };
  if (record.pin) {
    const entry = installedEntry(record);
    if (!entry) throw new ConfigWriteError(`${record.name} is no longer in ${record.path}`);
    // The same package: its pin for the installed version is the one written (an image: the same name, any tag).
    const image = (ref: string) => ref.replace(/[:@][^/]*$/, '');
    const pkg = latest.server.packages.find((p) => p.registryType === record.kind
      && (record.kind === 'oci' ? image(p.identifier) === image(record.pin!) : pinOf(p.registryType, p.identifier, record.version) === record.pin));
    if (!pkg) throw new ConfigWriteError(`${record.server} ${to} no longer publishes the ${record.kind} package ${record.name} was installed from; install it again (mcpdeck install ${record.server} --to ${record.target} --force)`);
    const pin = pinOf(pkg.registryType, pkg.identifier, pkg.version);
    const args = Array.isArray(entry.args) ? entry.args : [];
    const at = args.indexOf(record.pin);
    if (at < 0) throw new ConfigWriteError(`${record.name} in ${record.path} no longer runs ${record.pin} (it was edited); install it again with --force to replace it`);
    const next = args.map((a, i) => (i === at ? pin : a));
    await writeArgs(record, next);
    record = { ...record, pin };
  }
  await updateInstalls(env, [{ ...record, version: to }]);
  return result;
}

async function writeArgs(record: InstallRecord, args: unknown[]): Promise<void> {
  if (record.syntax === 'toml') {
    const { updateTomlServers } = await import('../config/write-toml.js');
    await updateTomlServers(record.path, record.at[0]!, (current) => {
      const entry = current[record.name];
      if (!isRecord(entry)) throw new ConfigWriteError(`${record.name} is no longer in ${record.path}`);
      return { servers: { [record.name]: { ...entry, args } }, result: undefined };
    });
    return;
  }
  const { updateJsonFile } = await import('../config/write.js');
  await updateJsonFile(record.path, (document) => {
    if (!isRecord(valueAt(document, [...record.at, record.name]))) throw new ConfigWriteError(`${record.name} is no longer in ${record.path}`);
    return { changes: [{ path: [...record.at, record.name, 'args'], value: args }], result: undefined };
  });
}
