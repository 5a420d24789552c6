import Conf from 'conf';

/** The user's own server catalog, kept with conf (a JSON file in the user config dir). */
export interface UserCatalog {
  readonly path: string;
  read(): Record<string, unknown>;
  write(servers: Record<string, unknown>): void;
}

/** MCPDECK_CONFIG_DIR moves the catalog (tests, portable setups). */
export function openUserCatalog(env: NodeJS.ProcessEnv = process.env): UserCatalog {
  const conf = new Conf<{ mcpServers: Record<string, unknown> }>({
    projectName: 'mcpdeck',
    projectSuffix: '',
    configName: 'servers',
    cwd: env.MCPDECK_CONFIG_DIR || undefined,
    defaults: { mcpServers: {} },
  });
  return {
    path: conf.path,
    read: () => {
      const servers = conf.get('mcpServers');
      return typeof servers === 'object' && servers !== null ? servers : {};
    },
    write: (servers) => conf.set('mcpServers', servers),
  };
}
