import { join } from 'node:path';
import { readJsonFile } from '../config/read-json.js';
import type { ConfigIssue } from '../config/types.js';
import { PRIVATE_FILE_MODE, userConfigDir } from '../config/user-catalog.js';
import { isRecord } from '../../util/is-record.js';

/** Where a server installed from a registry came from, and where it was written. */
export interface InstallRecord {
  /** The registry's URL. */
  registry: string;
  /** The registry's name for the server (`io.github.owner/name`) and the version installed. */
  server: string;
  version: string;
  /** `npm`, `pypi`, `oci`, `nuget`, or `remote`. */
  kind: string;
  /** The argument that pins the version (`pkg@1.2.3`); none for a remote. */
  pin?: string;
  /** The install target as named (`claude`, `vscode`, `mcpdeck`, ...). */
  target: string;
  /** The file written, where its servers sit, and the entry's name there. */
  path: string;
  at: string[];
  syntax: 'json' | 'toml';
  name: string;
  /** What the registry said last time it was asked (`outdated`, the deck). */
  latest?: { version: string; status: string; checkedAt: string; installedStatus?: string };
}

/** Kept beside the user catalog; the entries themselves stay in their own files. */
const installsPath = (env: NodeJS.ProcessEnv) => join(userConfigDir(env), 'registry-installs.json');

const isInstall = (value: unknown): value is InstallRecord =>
  isRecord(value) && typeof value.server === 'string' && typeof value.version === 'string' && typeof value.path === 'string' && typeof value.name === 'string' && Array.isArray(value.at);

export function readInstalls(env: NodeJS.ProcessEnv): InstallRecord[] {
  const issues: ConfigIssue[] = [];
  const document = readJsonFile(installsPath(env), issues, false)?.value;
  return isRecord(document) && Array.isArray(document.installs) ? document.installs.filter(isInstall) : [];
}

const same = (a: InstallRecord, b: Pick<InstallRecord, 'path' | 'at' | 'name'>) => a.path === b.path && a.name === b.name && a.at.join('\0') === b.at.join('\0');

/** Adds or replaces records (one per file and entry name), and drops those `keep` refuses, in one locked write. */
export async function updateInstalls(env: NodeJS.ProcessEnv, put: InstallRecord[], keep: (r: InstallRecord) => boolean = () => true): Promise<void> {
  const { updateJsonFile } = await import('../config/write.js');
  await updateJsonFile(installsPath(env), (document) => {
    const now = isRecord(document) && Array.isArray(document.installs) ? document.installs.filter(isInstall) : [];
    const next = [...now.filter((r) => keep(r) && !put.some((p) => same(r, p))), ...put];
    return { changes: [{ path: ['installs'], value: next }], result: undefined };
  }, { newFileMode: PRIVATE_FILE_MODE });
}

/** Whether `newer` is a later version than `older`: numeric parts compared in order, a pre-release before its release. */
export function isNewer(newer: string, older: string): boolean {
  const parse = (v: string) => {
    const [core = '', pre] = v.replace(/^v/, '').split(/[-+]/, 2);
    return { parts: core.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), pre };
  };
  const a = parse(newer);
  const b = parse(older);
  for (let i = 0; i < Math.max(a.parts.length, b.parts.length); i++) {
    const x = a.parts[i] ?? 0;
    const y = b.parts[i] ?? 0;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x > y;
    return String(x) > String(y);
  }
  if (a.pre === b.pre) return false;
  if (a.pre === undefined) return true;
  if (b.pre === undefined) return false;
  return a.pre > b.pre;
}
