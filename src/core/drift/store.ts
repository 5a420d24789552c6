import { join } from 'node:path';
import { readJsonFile } from '../config/read-json.js';
import type { ConfigIssue } from '../config/types.js';
import { PRIVATE_FILE_MODE, userConfigDir } from '../config/user-catalog.js';
import { isRecord } from '../../util/is-record.js';
import { parseDefinitionSet, type DefinitionSet } from './definitions.js';
// The writer loads when something is written: most sessions only read.
const writer = () => import('../config/write.js');

/** The definitions a person accepted for one server (or that were there when it was first seen). */
interface AcceptedDefinitions {
  /** The server's name when they were recorded (for a person reading the file). */
  name: string;
  acceptedAt: string;
  set: DefinitionSet;
}

/** Where accepted definitions are kept, by server identity (definitions.ts). */
export interface DefinitionStore {
  readonly path: string;
  read(id: string): AcceptedDefinitions | undefined;
  /** Records `set` for the server: the kinds it holds replace the kept ones, the others stay. */
  record(id: string, name: string, set: DefinitionSet): Promise<void>;
}

function entryOf(value: unknown): AcceptedDefinitions | undefined {
  if (!isRecord(value)) return undefined;
  return { name: typeof value.name === 'string' ? value.name : '', acceptedAt: typeof value.acceptedAt === 'string' ? value.acceptedAt : '', set: parseDefinitionSet(value) };
}

function merged(old: AcceptedDefinitions | undefined, name: string, set: DefinitionSet): Record<string, unknown> {
  return { name, acceptedAt: new Date().toISOString(), ...old?.set, ...set };
}

const serversOf = (document: unknown) => (isRecord(document) && isRecord(document.servers) ? document.servers : {});

/**
 * definitions.json in the user config folder, next to approvals.json and
 * recent-args.json: JSONC, 0600, written by the same locked, atomic writer. A broken
 * file reads as empty (every server is seen afresh) and is never overwritten.
 */
export function openDefinitionStore(env: NodeJS.ProcessEnv = process.env): DefinitionStore {
  const path = join(userConfigDir(env), 'definitions.json');
  return {
    path,
    read: (id) => entryOf(serversOf(readJsonFile(path, [] as ConfigIssue[], false)?.value)[id]),
    record: async (id, name, set) => (await writer()).updateJsonFile(path, (document) => {
      const value = merged(entryOf(serversOf(document)[id]), name, set);
      return { changes: [{ path: ['servers', id], value }], result: undefined };
    }, { newFileMode: PRIVATE_FILE_MODE }),
  };
}

/** Accepted definitions for this session only (tests). */
export function memoryDefinitionStore(): DefinitionStore {
  const kept = new Map<string, Record<string, unknown>>();
  return {
    path: '(this session)',
    read: (id) => entryOf(kept.get(id)),
    record: async (id, name, set) => void kept.set(id, merged(entryOf(kept.get(id)), name, set)),
  };
}

