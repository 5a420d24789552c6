import type { ClientId, SourceScope } from '../types.js';

export type { ClientId, SourceScope };

/** What a client's file locations depend on; injectable so tests use a temp home and any OS. */
export interface Where {
  home: string;
  cwd: string;
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
}

/** One file of a client, and where its servers sit in it. */
export interface ClientFile {
  client: ClientId;
  scope: SourceScope;
  path: string;
  /** The key path of the servers map: ['mcpServers'], ['servers'], ['projects', '/abs', 'mcpServers'], ['mcp_servers']. */
  at: string[];
  syntax: 'json' | 'toml';
}

/** An entry moved between formats, and what did not survive the move. */
export interface Converted {
  entry: Record<string, unknown>;
  notes: string[];
}

/** Why an entry cannot be written in a client's format at all. */
export interface Refused {
  refused: string;
}

export interface ClientFormat {
  id: ClientId;
  /** As people know it: "Claude Desktop". */
  name: string;
  /** Every file the client reads, lowest precedence first (user before project). */
  files(where: Where): ClientFile[];
  /**
   * One of the client's entries as an mcpdeck entry. `document` is the whole file,
   * for settings beside the servers map (Gemini's `mcp.excluded`).
   */
  toDeck(name: string, raw: Record<string, unknown>, document: unknown): Converted;
  /** An mcpdeck entry in the client's shape (for export), or why it cannot be. */
  fromDeck(entry: Record<string, unknown>): Converted | Refused;
}
