import type { ClientId, ScopeKind } from '../types.js';

type SourceStatus = 'read' | 'missing' | 'hidden' | 'skipped' | 'error';

/** One place mcpdeck looks for servers, and what came of it; `mcpdeck sources` prints these. */
export interface SourceInfo {
  /** Stable name, for `sources --hide`: "user", "project", "cursor", "vscode:project", "claude-code:local". */
  id: string;
  kind: ScopeKind;
  /** Whose file it is: "mcpdeck", "Cursor", ... */
  owner: string;
  client?: ClientId;
  scope: 'user' | 'project' | 'local' | 'file';
  path: string;
  /** The key path of its servers in the file, when it is not the whole file's `mcpServers`. */
  at?: string[];
  status: SourceStatus;
  /** Why it was not read (or read with trouble). */
  reason?: string;
  /** The names it defines, in file order. */
  servers: string[];
  /** Whether a person may hide it (not the --config files they named). */
  hideable: boolean;
}

/** A name defined in more than one source: the later source in precedence order wins. */
export interface Conflict {
  name: string;
  winner: string;
  /** The sources it overrides, nearest first. */
  overridden: string[];
}

/** The id of a client's file: its client alone for the user scope, else client:scope. */
export const clientSourceId = (client: ClientId, scope: string) => (scope === 'user' ? client : `${client}:${scope}`);
