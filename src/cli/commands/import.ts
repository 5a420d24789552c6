import { Option, type Command } from 'commander';
import { importServers } from '../../core/config/import-servers.js';
import { CLIENT_IDS, clientById } from '../../core/config/sources/registry.js';
import { whereFrom } from '../../core/config/sources/where.js';
import { Workspace } from '../../core/config/workspace.js';
import { Exit } from '../exit-codes.js';
import type { Invocation } from '../target.js';
import { names, printTransfer } from './transfer-report.js';

export function registerImport(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  program
    .command('import')
    .description("copy another client's servers into the user catalog (all its files: user, project, local)")
    .addOption(new Option('--from <client>', 'the client to copy from').choices(CLIENT_IDS).makeOptionMandatory())
    .option('--only <names>', 'just these servers (comma-separated)')
    .option('--force', 'replace a server of the same name in the catalog')
    .option('--json', 'print what was done as JSON')
    .action((options: { from: string; only?: string; force?: boolean; json?: boolean }) =>
      run(async () => {
        const client = clientById(options.from)!;
        const workspace = new Workspace(inv.env, inv.cwd);
        const { catalog } = workspace;
        const result = await importServers({
          client,
          where: whereFrom({ env: inv.env, cwd: inv.cwd }),
          catalog,
          only: names(options.only),
          force: options.force,
          secrets: () => workspace.secrets(),
        });
        printTransfer(result, `the user catalog (${catalog.path})`, Boolean(options.json));
        return Exit.ok;
      }),
    );
}
