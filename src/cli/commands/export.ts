import { Option, type Command } from 'commander';
import { exportServers, exportTarget } from '../../core/config/export-servers.js';
import { pick } from '../../core/config/import-servers.js';
import { CLIENT_IDS, clientById } from '../../core/config/sources/registry.js';
import type { SourceScope } from '../../core/config/sources/types.js';
import { whereFrom } from '../../core/config/sources/where.js';
import { Workspace } from '../../core/config/workspace.js';
import { Exit, UserError } from '../exit-codes.js';
import type { Invocation } from '../target.js';
import { names, printTransfer } from './transfer-report.js';

interface ExportOptions {
  to: string;
  scope?: SourceScope;
  only?: string;
  all?: boolean;
  force?: boolean;
  json?: boolean;
}

export function registerExport(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  program
    .command('export')
    .description("write servers into another client's file, in its format: the user catalog's, or --only names from any source")
    .addOption(new Option('--to <client>', 'the client to write for').choices(CLIENT_IDS).makeOptionMandatory())
    .addOption(new Option('-s, --scope <scope>', "which of its files (default: its user file)").choices(['user', 'project', 'local']))
    .option('--only <names>', 'just these servers, from any source mcpdeck reads (comma-separated)')
    .option('--all', 'every server mcpdeck reads, not just the user catalog')
    .option('--force', 'replace a server of the same name in that file')
    .option('--json', 'print what was done as JSON')
    .action((options: ExportOptions) =>
      run(async () => {
        const workspace = new Workspace(inv.env, inv.cwd);
        const client = clientById(options.to)!;
        const file = exportTarget(client, whereFrom({ env: inv.env, cwd: inv.cwd }), options.scope);
        const only = names(options.only);
        let servers: Record<string, Record<string, unknown>>;
        if (only || options.all) {
          // Never the target file's own servers back into it.
          const loaded = workspace.readSources();
          const found = new Map(loaded.servers.filter((s) => s.source.path !== file.path || s.source.client !== client.id).map((s) => [s.name, s] as const));
          servers = Object.fromEntries(pick(found, only, 'any source mcpdeck reads').map((s) => [s.name, s.raw]));
        } else {
          servers = workspace.catalog.read() as Record<string, Record<string, unknown>>;
          if (!Object.keys(servers).length) throw new UserError('the user catalog has no servers to export; name some with --only, or use --all');
        }
        const result = await exportServers({ client, file, servers, force: options.force });
        printTransfer(result, `${client.name}'s ${file.scope} file (${file.path}${file.at.length > 1 ? `, ${file.at.join('.')}` : ''})`, Boolean(options.json));
        return Exit.ok;
      }),
    );
}
