import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { readJsonFile } from './read-json.js';
import type { ConfigIssue, ConfigSource, ServerDefinition } from './types.js';
import { PRIVATE_FILE_MODE, userConfigDir } from './user-catalog.js';
// The writer loads when something is written (rarely): reading approvals is every start.
const writer = () => import('./write.js');
import { isRecord } from '../../util/is-record.js';

/**
 * A person's yes to servers from a project's file: the whole file (every definition it
 * held then) or one server of it, bound to the file's absolute path, the key path of its
 * servers map, and a hash of the definitions. A changed definition no longer matches.
 */
export interface ApprovalRecord {
  file: string;
  /** The servers map in the file: ["mcpServers"], ["servers"], ["projects", "/abs", "mcpServers"]. */
  at: string[];
  /** One server; absent for the whole file. */
  server?: string;
  /** sha256 of the definitions as written (the one server's entry, or the whole map). */
  hash: string;
  /** Approved to run sandboxed ("approve sandboxed"): a stdio server whose entry names no sandbox gets the default one. */
  sandboxed?: boolean;
  approvedAt?: string;
}

/** Where approvals are kept: approvals.json in the user config dir (JSONC, 0600, never in the project). */
export interface Approvals {
  readonly path: string;
  list(): ApprovalRecord[];
  approve(record: ApprovalRecord): Promise<void>;
  /** Forgets the approvals of a file (every one of it, or one server's); returns how many went. */
  revoke(file: string, at: readonly string[], server?: string): Promise<number>;
}

/** What a server from a project file is waiting for, or who let it run. */
export interface ApprovalState {
  needed: boolean;
  /** Who approved it: the person in mcpdeck, or Claude Code's own lists in ~/.claude.json. */
  by?: 'mcpdeck' | 'claude-code';
  file: string;
  at: string[];
  fileHash: string;
  serverHash: string;
  /** An approval was given before, for definitions that have changed since. */
  changed?: boolean;
  /** Approved to run sandboxed (its entry naming no sandbox, it gets the default one). */
  sandboxed?: boolean;
}

/** Key order and whitespace of the file aside, the same definitions hash the same. */
export function definitionsHash(value: unknown): string {
  return `sha256:${createHash('sha256').update(stableJson(value)).digest('hex')}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (isRecord(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stableJson(value[k])}`).join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * Files a cloned repository can bring: anything in the project folder (.mcp.json,
 * .vscode/, .cursor/, .gemini/, .qoder/) and the per-folder entries of ~/.claude.json.
 * The user's own files, the demo, the command line and a --config file named on it do not ask.
 */
export function needsApproval(source: ConfigSource): boolean {
  return source.kind === 'project' || (source.kind === 'client' && (source.scope === 'project' || source.scope === 'local'));
}

const sameAt = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k, i) => k === b[i]);
/** A record of this file's servers map; with `server`, only that server's. */
const matches = (r: ApprovalRecord, file: string, at: readonly string[], server?: string) => r.file === file && sameAt(r.at, at) && (server === undefined || r.server === server);
/** The one record `record` replaces: the same file, map and server (or the same whole-file one). */
const replaces = (r: ApprovalRecord, record: ApprovalRecord) => matches(r, record.file, record.at) && r.server === record.server;

/** The state of one server from a file that needs approval, given the approvals kept. */
export function approvalFor(records: readonly ApprovalRecord[], file: string, at: string[], name: string, fileHash: string, serverHash: string): ApprovalState {
  const ofFile = records.filter((r) => matches(r, file, at));
  const whole = ofFile.filter((r) => r.server === undefined);
  const one = ofFile.filter((r) => r.server === name);
  const matching = [...one.filter((r) => r.hash === serverHash), ...whole.filter((r) => r.hash === fileHash)];
  const needed = matching.length === 0;
  return {
    needed, file, at, fileHash, serverHash, ...(!needed && { by: 'mcpdeck' as const }), ...(needed && (whole.length || one.length) && { changed: true }),
    ...(matching.some((r) => r.sandboxed) && { sandboxed: true }),
  };
}

function recordsOf(document: unknown): ApprovalRecord[] {
  const list = isRecord(document) && Array.isArray(document.approved) ? document.approved : [];
  return list.filter((r): r is ApprovalRecord => isRecord(r) && typeof r.file === 'string' && typeof r.hash === 'string'
    && Array.isArray(r.at) && r.at.every((k) => typeof k === 'string') && (r.server === undefined || typeof r.server === 'string') && (r.sandboxed === undefined || typeof r.sandboxed === 'boolean'));
}

export function openApprovals(env: NodeJS.ProcessEnv = process.env): Approvals {
  const path = join(userConfigDir(env), 'approvals.json');
  return {
    path,
    // A broken file approves nothing (everything asks again) and is never overwritten.
    list: () => recordsOf(readJsonFile(path, [] as ConfigIssue[], false)?.value),
    approve: async (record) => (await writer()).updateJsonFile(path, (document) => {
      const kept = recordsOf(document).filter((r) => !replaces(r, record));
      return { changes: [{ path: ['approved'], value: [...kept, { ...record, approvedAt: record.approvedAt ?? new Date().toISOString() }] }], result: undefined };
    }, { newFileMode: PRIVATE_FILE_MODE }),
    revoke: async (file, at, server) => (await writer()).updateJsonFile(path, (document) => {
      const all = recordsOf(document);
      const kept = all.filter((r) => !matches(r, file, at, server));
      return { changes: kept.length === all.length ? [] : [{ path: ['approved'], value: kept }], result: all.length - kept.length };
    }, { newFileMode: PRIVATE_FILE_MODE }),
  };
}


/** What approving covers: one server, or every server its file defines now. */
export type ApprovalScope = 'server' | 'file';

function approvalOf(definitions: readonly ServerDefinition[], name: string): ApprovalState {
  const def = definitions.find((d) => d.name === name);
  if (!def) throw new Error(`no server named "${name}"`);
  if (!def.approval) throw new Error(`${name} comes from ${def.source.path ?? def.source.label}, which needs no approval (only servers from a project's files do)`);
  return def.approval;
}

/**
 * Keeps the person's approval of a server from a project's file, or (`file`) of the
 * whole file as it is now and of each of its servers: a server added to the file later
 * waits for its own approval, and those approved with the file run on while unchanged.
 */
export async function recordApproval(store: Approvals, definitions: readonly ServerDefinition[], name: string, scope: ApprovalScope, sandboxed = false): Promise<void> {
  const approval = approvalOf(definitions, name);
  const how = sandboxed ? { sandboxed: true } : {};
  await store.approve({ file: approval.file, at: approval.at, ...(scope === 'server' && { server: name }), hash: scope === 'file' ? approval.fileHash : approval.serverHash, ...how });
  if (scope !== 'file') return;
  for (const { name: other, approval: its } of definitions) {
    if (its && its.file === approval.file && sameAt(its.at, approval.at)) await store.approve({ file: its.file, at: its.at, server: other, hash: its.serverHash, ...how });
  }
}

/** Forgets the approval of a server (or of its whole file, each server's too); returns how many went. */
export function revokeApproval(store: Approvals, definitions: readonly ServerDefinition[], name: string, scope: ApprovalScope): Promise<number> {
  const approval = approvalOf(definitions, name);
  return store.revoke(approval.file, approval.at, scope === 'server' ? name : undefined);
}
