import { homedir } from 'node:os';
import { join } from 'node:path';
import { applyChanges } from './json-edit.js';
import { readJsonFile } from './read-json.js';
import type { ConfigIssue } from './types.js';
import { ConfigWriteError } from './write-error.js';
import { isRecord } from '../../util/is-record.js';
import { replaceFile } from '../../util/replace-file.js';

/** Files mcpdeck creates in its config folder may hold secrets (headers, env): only the owner reads them. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * The user's own server catalog: servers.json (`{"mcpServers": {...}}`) in the user
 * config dir, read as JSONC and changed through write.ts (locked, atomic, every other
 * byte kept), like any other client's file.
 */
export interface UserCatalog {
  readonly path: string;
  read(): Record<string, unknown>;
  /** Replaces the whole map at once (tests, setup); changes go through updateScope. */
  write(servers: Record<string, unknown>): void;
}

/** mcpdeck's own settings (`registry`, `models`), beside the user catalog. */
export const userSettingsPath = (env: NodeJS.ProcessEnv) => join(userConfigDir(env), 'settings.json');

/** mcpdeck's config folder; MCPDECK_CONFIG_DIR moves it (tests, portable setups). */
export function userConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MCPDECK_CONFIG_DIR) return env.MCPDECK_CONFIG_DIR;
  const home = homedir();
  if (process.platform === 'darwin') return join(home, 'Library', 'Preferences', 'mcpdeck');
  if (process.platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'mcpdeck', 'Config');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'mcpdeck');
}

export function openUserCatalog(env: NodeJS.ProcessEnv = process.env): UserCatalog {
  const path = join(userConfigDir(env), 'servers.json');
  const load = () => {
    const issues: ConfigIssue[] = [];
    const file = readJsonFile(path, issues, false);
    // Reported where it matters (the sources list, a write refused), never thrown raw.
    if (issues[0]) throw new ConfigWriteError(`the user catalog ${issues[0].message}; fix or delete it`);
    const servers = isRecord(file?.value) ? file.value.mcpServers ?? {} : file ? undefined : {};
    if (!isRecord(servers)) throw new ConfigWriteError(`the user catalog ${path} is not an object with an "mcpServers" object; fix or delete it`);
    return { text: file?.text, servers };
  };
  return {
    path,
    read: () => load().servers,
    write: (servers) => {
      const { text } = load();
      if (text === undefined) replaceFile(path, `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`, PRIVATE_FILE_MODE);
      else replaceFile(path, applyChanges(text, [{ path: ['mcpServers'], value: servers }]));
    },
  };
}
