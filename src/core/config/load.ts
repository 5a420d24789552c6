import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, resolve } from 'node:path';
import { approvalFor, needsApproval, type ApprovalRecord } from './approvals.js';
import { sandboxAsApproved } from '../sandbox/approved.js';
import { filePlansHash, planHash } from './launch-plan.js';
import { claudeProjectLists, type ClaudeProjectLists } from './sources/claude-code.js';
import { inputAccount, inputDefinitions, missingInputs, type InputDefinition, type InputRef } from './inputs.js';
import { normalizeEntry } from './normalize.js';
import { orLastGood, valueOrLastGood, type LastGood } from './last-good.js';
import { CLIENTS } from './sources/registry.js';
import { readDocument, valueAt } from './sources/read.js';
import { clientSourceId, type Conflict, type SourceInfo } from './sources/report.js';
import type { ClientFile, ClientFormat, SourceScope } from './sources/types.js';
import { pathsOf, whereFrom } from './sources/where.js';
import type { ConfigIssue, ConfigSource, ServerDefinition } from './types.js';
import type { UserCatalog } from './user-catalog.js';
import { isRecord } from '../../util/is-record.js';

export const PROJECT_FILE = '.mcp.json';

export interface LoadOptions {
  /** `--config` files, in order; later ones win. */
  configFiles?: string[];
  cwd: string;
  /** Only the `--config` files. */
  strict?: boolean;
  userCatalog?: UserCatalog;
  env: NodeJS.ProcessEnv;
  /** Where other clients' files are looked for: $HOME (%USERPROFILE%) and this OS unless given. */
  home?: string;
  platform?: NodeJS.Platform;
  /** Look at other clients' files too (default: yes; --strict lists them as skipped). */
  clients?: boolean;
  /** Source ids not to read (`mcpdeck sources --hide`, the deck's source list). */
  hiddenSources?: readonly string[];
  /** Answers to `${input:id}`, by secret-store account (inputs.ts). */
  inputValues?: ReadonlyMap<string, string>;
  /** The person's approvals of project files (approvals.ts); without them every project server waits. */
  approved?: readonly ApprovalRecord[];
  /** The last good read of each file this session (a running deck): a file that breaks or vanishes keeps its servers. */
  lastGood?: LastGood;
}

export interface LoadedConfig {
  servers: ServerDefinition[];
  issues: ConfigIssue[];
  /** Every place looked at, lowest precedence first. */
  sources: SourceInfo[];
  conflicts: Conflict[];
  /** Each server, and the id of the source its definition comes from. */
  winners: { name: string; source: string }[];
  /** `${input:id}` values the servers wait for. */
  inputs: InputRef[];
}

const OWN = new Set(['user', 'project', 'file']);
const OWNERS = 'mcpdeck, Claude Code, qodercli';

/**
 * Reads every source, lowest precedence first; a later definition of a name replaces an
 * earlier one (see README "Precedence"):
 * 1. other clients' user files (Claude Desktop, Claude Code, Cursor, VS Code, Windsurf, Gemini CLI, Codex, qodercli);
 * 2. mcpdeck's user catalog;
 * 3. other clients' project and local files, in the same client order;
 * 4. the project's .mcp.json (shared with Claude Code and qodercli);
 * 5. each --config file, in order.
 */
export function loadConfig(options: LoadOptions): LoadedConfig {
  const where = whereFrom(options);
  const path = pathsOf(where);
  const builtins = { userHome: where.home, workspaceFolder: options.cwd, workspaceFolderBasename: basename(options.cwd), pathSeparator: path.sep };
  const hidden = new Set(options.hiddenSources ?? []);
  const values = options.inputValues ?? new Map<string, string>();
  const issues: ConfigIssue[] = [];
  const sources: SourceInfo[] = [];
  const byName = new Map<string, ServerDefinition>();
  const conflicts = new Map<string, Conflict>();
  /** The id of the source each name comes from so far. */
  const from = new Map<string, string>();
  const inputDefs = new Map<string, Map<string, InputDefinition>>();
  const project = resolve(options.cwd, PROJECT_FILE);
  const clients = options.clients ?? true;

  /** Whether to read a source; else it is listed with the reason. */
  const admit = (info: SourceInfo): boolean => {
    sources.push(info);
    if (options.strict && info.kind !== 'file') Object.assign(info, { status: 'skipped', reason: '--strict reads only the --config files' });
    else if (info.hideable && hidden.has(info.id)) Object.assign(info, { status: 'hidden', reason: `hidden (mcpdeck sources --show ${info.id})` });
    return info.status === 'read';
  };
  // Read even with other clients' files off: they are answers the person gave about this folder.
  const claude = options.strict ? undefined : claudeProjectLists(where);
  // The home folder; a temp folder where there is none (a service account, a test's empty home).
  const neutralFolder = existsSync(where.home) ? where.home : tmpdir();
  const add = (entries: Record<string, unknown>, source: ConfigSource, info: SourceInfo, document: unknown, client?: ClientFormat, at: string[] = ['mcpServers']) => {
    if (source.path) inputDefs.set(source.path, inputDefinitions(document));
    const file = source.path ?? source.label;
    const asks = needsApproval(source) && source.path !== undefined;
    // A project's servers start in the project; anyone else's in the home folder, never
    // in whatever folder mcpdeck was launched from (npx there prefers the folder's packages).
    const defaultCwd = source.kind === 'user' || (source.kind === 'client' && source.scope === 'user') ? neutralFolder : options.cwd;
    const defs = Object.entries(entries).map(([name, raw]) => {
      const converted = client && isRecord(raw) ? client.toDeck(name, raw, document) : { entry: raw, notes: [] };
      const def = normalizeEntry(name, converted.entry, source, options.env, { input: (id) => values.get(inputAccount(file, id)), builtins, defaultCwd });
      for (const note of converted.notes) def.issues.push({ severity: 'warning', server: name, file: source.path, message: `server "${name}" in ${file}: ${note}` });
      return def;
    });
    // Approval binds to the plans, what would run, not to the text a parser kept.
    const fileHash = asks ? filePlansHash(new Map(defs.map((d) => [d.name, d.plan]))) : '';
    for (const def of defs) {
      const { name } = def;
      if (asks) def.approval = approvalFor(options.approved ?? [], source.path!, at, name, fileHash, planHash(def.plan));
      if (def.approval?.sandboxed) sandboxAsApproved(def, options.env);
      if (claude) honourClaudeLists(def, claude);
      info.servers.push(name);
      const previous = byName.get(name);
      if (previous) {
        const conflict = conflicts.get(name) ?? { name, winner: '', overridden: [] };
        conflict.overridden.unshift(from.get(name)!);
        conflicts.set(name, Object.assign(conflict, { winner: info.id }));
        if (OWN.has(previous.source.kind) && JSON.stringify(previous.raw) !== JSON.stringify(def.raw)) {
          issues.push({ severity: 'warning', server: name, message: `server "${name}" from ${source.label} overrides the one from ${previous.source.label}` });
        }
        byName.delete(name);
      }
      byName.set(name, def);
      from.set(name, info.id);
    }
  };

  const readClient = (client: ClientFormat, file: ClientFile) => {
    const id = clientSourceId(client.id, file.scope);
    const at = file.at.length === 1 && file.at[0] === 'mcpServers' ? undefined : file.at;
    const info: SourceInfo = { id, kind: 'client', owner: client.name, client: client.id, scope: file.scope, path: file.path, ...(at && { at }), status: 'read', servers: [], hideable: true };
    if (!admit(info)) return;
    const read = orLastGood(file.path, readDocument(file.path, file.syntax), options.lastGood, issues);
    if (read.kept) info.reason = read.kept;
    if (read.status !== 'read') {
      info.status = read.status;
      if (read.status === 'error') {
        info.reason = read.issue.message;
        issues.push({ ...read.issue, severity: 'warning', message: `${read.issue.message} (${client.name}'s servers there are skipped)` });
      }
      return;
    }
    const servers = valueAt(read.document, file.at);
    if (servers === undefined) return;
    if (!isRecord(servers)) {
      Object.assign(info, { status: 'error', reason: `${file.path}: "${file.at.join('.')}" is not an object of servers` });
      issues.push({ severity: 'warning', file: file.path, message: `${info.reason} (${client.name}'s servers there are skipped)` });
      return;
    }
    add(servers, { kind: 'client', path: file.path, label: id, client: client.id, scope: file.scope }, info, read.document, client, file.at);
  };
  const clientFiles = (scopes: SourceScope[]) => (clients ? CLIENTS : []).flatMap((client) =>
    client.files(where).filter((f) => scopes.includes(f.scope) && f.path !== project).map((file) => [client, file] as const));

  /** A file in mcpdeck's own shape: `mcpServers` (and optionally VS Code style `inputs`). */
  const readOwnFile = (path: string, info: SourceInfo, source: ConfigSource, mustExist: boolean) => {
    const file = orLastGood(path, readDocument(path, 'json'), options.lastGood, issues);
    if (file.status === 'missing' && !mustExist) return void (info.status = 'missing');
    if (file.status !== 'read') {
      const issue: ConfigIssue = file.status === 'error' ? file.issue : { severity: 'error', file: path, message: `${path}: file not found` };
      issues.push(issue);
      Object.assign(info, { status: 'error', reason: issue.message });
      return;
    }
    if (file.kept) info.reason = file.kept;
    const servers = (file.document as { mcpServers?: unknown } | null)?.mcpServers;
    if (!isRecord(servers)) {
      const message = `${path}: expected an object with an "mcpServers" map, like {"mcpServers": {"name": {"command": "..."}}}`;
      issues.push({ severity: 'error', file: path, message });
      Object.assign(info, { status: 'error', reason: message });
      return;
    }
    add(servers, source, info, file.document);
  };

  for (const [client, file] of clientFiles(['user'])) readClient(client, file);
  const catalog = options.userCatalog;
  if (catalog) {
    const info: SourceInfo = { id: 'user', kind: 'user', owner: 'mcpdeck', scope: 'user', path: catalog.path, status: 'read', servers: [], hideable: true };
    if (admit(info)) {
      try {
        const { value, kept } = valueOrLastGood(catalog.path, () => catalog.read(), options.lastGood, issues);
        if (kept) info.reason = kept;
        add(value, { kind: 'user', path: catalog.path, label: 'user' }, info, undefined);
        // Made by the first `mcpdeck add`: until then there is nothing to read.
        if (!kept && !existsSync(catalog.path)) info.status = 'missing';
      } catch (error) {
        Object.assign(info, { status: 'error', reason: (error as Error).message });
        issues.push({ severity: 'error', file: catalog.path, message: (error as Error).message });
      }
    }
  }
  for (const [client, file] of clientFiles(['project', 'local'])) readClient(client, file);
  const projectInfo: SourceInfo = { id: 'project', kind: 'project', owner: OWNERS, scope: 'project', path: project, status: 'read', servers: [], hideable: true };
  if (admit(projectInfo)) readOwnFile(project, projectInfo, { kind: 'project', path: project, label: 'project' }, false);
  for (const file of options.configFiles ?? []) {
    const path = resolve(options.cwd, file);
    const info: SourceInfo = { id: `file:${path}`, kind: 'file', owner: 'mcpdeck', scope: 'file', path, status: 'read', servers: [], hideable: false };
    if (admit(info)) readOwnFile(path, info, { kind: 'file', path, label: basename(path) }, true);
  }

  const servers = [...byName.values()];
  return {
    servers,
    issues: [...issues, ...servers.flatMap((s) => s.issues)],
    sources,
    conflicts: [...conflicts.values()],
    winners: servers.map((s) => ({ name: s.name, source: from.get(s.name)! })),
    inputs: missingInputs(servers, inputDefs),
  };
}

/**
 * Claude Code's own answers, for the files it owns: a project `.mcp.json` server it was
 * told to enable runs without asking again; one it was told not to, or any of its servers
 * turned off for this folder (`disabledMcpServers`), is listed as disabled.
 */
function honourClaudeLists(def: ServerDefinition, lists: ClaudeProjectLists): void {
  const { source, name } = def;
  const mcpJson = source.kind === 'project';
  if (!mcpJson && source.client !== 'claude-code') return;
  const off = lists.disabledMcpServers.includes(name) || (mcpJson && lists.disabledMcpjsonServers.includes(name));
  if (off && def.config) {
    def.config.disabled = true;
    def.issues.push({ severity: 'warning', server: name, file: source.path, message: `server "${name}" is turned off for this folder in Claude Code's settings (~/.claude.json)` });
  }
  if (mcpJson && def.approval?.needed && (lists.enableAllProjectMcpServers || lists.enabledMcpjsonServers.includes(name))) {
    def.approval = { ...def.approval, needed: false, by: 'claude-code', changed: undefined };
  }
}
