import { basename, resolve } from 'node:path';
import { normalizeEntry } from './normalize.js';
import { readJsonFile } from './read-json.js';
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
}

export interface LoadedConfig {
  servers: ServerDefinition[];
  issues: ConfigIssue[];
}

/** Reads every source: user catalog, then the project's .mcp.json, then --config files. */
export function loadConfig(options: LoadOptions): LoadedConfig {
  const issues: ConfigIssue[] = [];
  const byName = new Map<string, ServerDefinition>();
  const add = (entries: Record<string, unknown>, source: ConfigSource) => {
    for (const [name, raw] of Object.entries(entries)) {
      const previous = byName.get(name);
      if (previous) {
        issues.push({ severity: 'warning', server: name, message: `server "${name}" from ${source.label} overrides the one from ${previous.source.label}` });
        byName.delete(name);
      }
      byName.set(name, normalizeEntry(name, raw, source, options.env));
    }
  };

  if (!options.strict) {
    const catalog = options.userCatalog;
    if (catalog) {
      try {
        add(catalog.read(), { kind: 'user', path: catalog.path, label: 'user' });
      } catch (error) {
        issues.push({ severity: 'error', file: catalog.path, message: (error as Error).message });
      }
    }
    const project = resolve(options.cwd, PROJECT_FILE);
    const entries = readServersFile(project, issues, false);
    if (entries) add(entries, { kind: 'project', path: project, label: 'project' });
  }
  for (const file of options.configFiles ?? []) {
    const path = resolve(options.cwd, file);
    const entries = readServersFile(path, issues, true);
    if (entries) add(entries, { kind: 'file', path, label: basename(path) });
  }
  const servers = [...byName.values()];
  return { servers, issues: [...issues, ...servers.flatMap((s) => s.issues)] };
}

/** The `mcpServers` map of a file, or undefined with an issue. */
function readServersFile(path: string, issues: ConfigIssue[], mustExist: boolean): Record<string, unknown> | undefined {
  const file = readJsonFile(path, issues, mustExist);
  if (!file) return undefined;
  const servers = (file.value as { mcpServers?: unknown } | null)?.mcpServers;
  if (!isRecord(servers)) {
    issues.push({ severity: 'error', file: path, message: `${path}: expected an object with an "mcpServers" map, like {"mcpServers": {"name": {"command": "..."}}}` });
    return undefined;
  }
  return servers;
}
