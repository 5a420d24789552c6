import { homedir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { ConfigWriteError } from './write-error.js';

/** The user's own server catalog, kept with conf (a JSON file in the user config dir). */
export interface UserCatalog {
  readonly path: string;
  read(): Record<string, unknown>;
  write(servers: Record<string, unknown>): void;
}

/** Where conf keeps it; MCPDECK_CONFIG_DIR moves it (tests, portable setups). */
export function userConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MCPDECK_CONFIG_DIR) return env.MCPDECK_CONFIG_DIR;
  const home = homedir();
  if (process.platform === 'darwin') return join(home, 'Library', 'Preferences', 'mcpdeck');
  if (process.platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'mcpdeck', 'Config');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'mcpdeck');
}

export function openUserCatalog(env: NodeJS.ProcessEnv = process.env): UserCatalog {
  const cwd = userConfigDir(env);
  const path = join(cwd, 'servers.json');
  type Shape = { mcpServers: Record<string, unknown> };
  let conf: Conf<Shape> | undefined;
  // Opened on first use, so a broken catalog is reported where it matters, never thrown raw.
  const open = () => {
    try {
      return (conf ??= new Conf<Shape>({ projectName: 'mcpdeck', configName: 'servers', cwd, defaults: { mcpServers: {} } }));
    } catch (error) {
      throw new ConfigWriteError(`the user catalog ${path} cannot be read (${(error as Error).message}); fix or delete it`);
    }
  };
  return {
    path,
    read: () => {
      const servers = open().get('mcpServers');
      return typeof servers === 'object' && servers !== null ? servers : {};
    },
    write: (servers) => open().set('mcpServers', servers),
  };
}
