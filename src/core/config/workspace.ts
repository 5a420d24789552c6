import { resolve } from 'node:path';
import { openRecentArgs } from '../calls/recent-args.js';
import { openDefinitionStore } from '../drift/store.js';
import { openUserSecretStore, type SecretStore } from '../secrets/store.js';
import { openApprovals } from './approvals.js';
import { addedFromFolder } from './command-words.js';
import { loadConfig, PROJECT_FILE, type LoadedConfig } from './load.js';
import { checkEntry } from './server-entry.js';
import { openSourceSettings, type SourceSettings } from './source-settings.js';
import type { ConfigIssue } from './types.js';
import { openUserCatalog, type UserCatalog } from './user-catalog.js';
import type { WritableScope } from './write.js';
import { ConfigWriteError } from './write-error.js';
// The writer loads when something is written.
const writer = () => import('./write.js');

/** mcpdeck's own places to write a server: the user catalog, and the project's .mcp.json. */
export type OwnScope = 'user' | 'project';

export interface NewServer {
  name: string;
  entry: Record<string, unknown>;
  /** The name it had, for an edited server renamed: that entry goes. */
  renaming?: string;
  /** Replace a server of the same name (`--force`). */
  replace?: boolean;
  /** What to do about a name that is taken, after "… already exists in <where>". */
  taken?: string;
}

/**
 * Where one person's mcpdeck files are, and every store kept in them, for one folder:
 * the one door to configuration. The CLI builds its Deck from it, and every command that
 * reads or changes configuration (`add`, `remove`, `enable`, `import`, `export`,
 * `sources`) goes through it; so does the deck's server form, through `writeServer`.
 */
export class Workspace {
  private kept?: UserCatalog;
  private settings?: SourceSettings;

  constructor(readonly env: NodeJS.ProcessEnv, readonly cwd: string) {}

  get catalog(): UserCatalog {
    return (this.kept ??= openUserCatalog(this.env));
  }

  /** Which sources are hidden, kept for later runs. */
  get sourceSettings(): SourceSettings {
    return (this.settings ??= openSourceSettings(this.env));
  }

  /** The stores a Deck reads its configuration with: the user catalog (none with `strict`), hidden sources, approvals. */
  configStores({ strict = false }: { strict?: boolean } = {}) {
    return { userCatalog: strict ? undefined : this.catalog, sourceSettings: this.sourceSettings, approvals: openApprovals(this.env) };
  }

  /** What the deck compares definitions with: the accepted ones, and which tools were called before (a change to one is shown first). */
  driftStores() {
    return { definitions: openDefinitionStore(this.env), recentArgs: openRecentArgs(this.env) };
  }

  /** Every source read the way the deck reads them (hidden ones skipped), nothing connected. */
  readSources({ configFiles, strict }: { configFiles?: string[]; strict?: boolean } = {}): LoadedConfig {
    return loadConfig({
      cwd: this.cwd,
      env: this.env,
      configFiles,
      strict,
      userCatalog: strict ? undefined : this.catalog,
      hiddenSources: this.sourceSettings.hidden(),
    });
  }

  /**
   * The files of this folder's own (project and local scopes) that define servers: what a
   * session started in a folder above does not read. None with `strict` (only --config files count).
   */
  ownProjectFiles({ strict }: { strict?: boolean } = {}): string[] {
    if (strict) return [];
    const own = this.readSources().sources.filter((s) => (s.scope === 'project' || s.scope === 'local') && s.status === 'read' && s.servers.length > 0);
    return [...new Set(own.map((s) => s.path))];
  }

  /** Hides or shows a source for later runs, by the id `sources` lists. */
  setSourceHidden(id: string, hidden: boolean): Promise<void> {
    return this.sourceSettings.setHidden(id, hidden);
  }

  secrets(): Promise<SecretStore> {
    return openUserSecretStore(this.env);
  }

  scope(name: OwnScope): WritableScope {
    return name === 'user' ? { kind: 'user', catalog: this.catalog } : { kind: 'file', path: resolve(this.cwd, PROJECT_FILE) };
  }

  /** A server's entries as they are written now in one of mcpdeck's scopes. */
  async servers(scope: WritableScope): Promise<Record<string, unknown>> {
    return (await writer()).readScope(scope);
  }

  addServer(target: WritableScope, server: NewServer) {
    return writeServer(target, server, this);
  }

  /** One change inside a server's entry (`[name]` and undefined removes it), refused if the server has gone meanwhile. */
  async changeServer(target: WritableScope, name: string, path: string[], value: unknown): Promise<void> {
    const { updateScope } = await writer();
    await updateScope(target, (current) => {
      if (!(name in current)) throw new ConfigWriteError(`"${name}" is no longer in ${whereIs(target)}`);
      return { changes: [{ path, value }], result: undefined };
    });
  }
}

export const whereIs = (target: WritableScope) => (target.kind === 'user' ? `the user catalog (${target.catalog.path})` : target.path);

/**
 * Adds a server (or writes an edited one back, renamed when its name changed) after the
 * checks `mcpdeck add` and the deck's form share: the entry must read as a server, a
 * user-catalog command that names files of this folder keeps this folder (`cwd`), and
 * the name must be free inside the lock, against the file as it is when written.
 */
export async function writeServer(target: WritableScope, server: NewServer, at: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ where: string; startsIn?: string; warnings: ConfigIssue[] }> {
  const { name, renaming, replace = false, taken } = server;
  const entry = { ...server.entry };
  const where = whereIs(target);
  const command = typeof entry.command === 'string' ? [entry.command, ...(Array.isArray(entry.args) ? entry.args.map(String) : [])] : undefined;
  // The user catalog's servers start in the home folder: one whose command names files here keeps this folder.
  const startsIn = target.kind === 'user' && command && entry.cwd === undefined ? addedFromFolder(command, at.cwd) : undefined;
  if (startsIn) entry.cwd = startsIn;
  const { errors, warnings } = checkEntry(name, entry, target.kind === 'user' ? 'user' : 'project', at.env);
  if (errors.length) throw new ConfigWriteError(errors.join('\n'));
  const { updateScope } = await writer();
  await updateScope(target, (current) => {
    if (renaming !== undefined && !(renaming in current)) throw new ConfigWriteError(`"${renaming}" is no longer in ${where}`);
    if (name !== renaming && name in current && !replace) throw new ConfigWriteError(`"${name}" already exists in ${where}${taken ? `${taken}` : ''}`);
    const changes = [...(renaming !== undefined && renaming !== name ? [{ path: [renaming], value: undefined }] : []), { path: [name], value: entry }];
    return { changes, result: undefined };
  });
  return { where, ...(startsIn && { startsIn }), warnings };
}
