import type { Command } from 'commander';
import type { LoadedConfig } from '../../core/config/load.js';
import { Workspace } from '../../core/config/workspace.js';
import type { SourceInfo } from '../../core/config/sources/report.js';
import { terminalJson } from '../../util/json.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { Exit, UserError } from '../exit-codes.js';
import type { Invocation } from '../target.js';
import { collect } from '../options.js';

interface SourcesOptions {
  json?: boolean;
  config?: string[];
  strict?: boolean;
  hide?: string;
  show?: string;
}

function statusText(source: SourceInfo): string {
  if (source.status !== 'read') return source.status;
  return source.servers.length ? `read: ${source.servers.map(sanitizeLine).join(', ')}` : 'read: no servers';
}

function printTable(loaded: LoadedConfig): void {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out('Sources, lowest precedence first (a later source wins a name that two define):');
  const width = Math.max(...loaded.sources.map((s) => s.id.length));
  const statusWidth = Math.max(...loaded.sources.map((s) => [...statusText(s)].length));
  for (const source of loaded.sources) {
    const at = source.at ? ` (${source.at.join('.')})` : '';
    out(`  ${source.id.padEnd(width)}  ${statusText(source).padEnd(statusWidth)}  ${sanitizeLine(source.path)}${sanitizeLine(at)}`);
    if (source.reason && source.status !== 'hidden') out(`  ${' '.repeat(width)}  └ ${sanitizeLine(source.reason)}`);
  }
  if (loaded.conflicts.length) {
    out('\nDefined more than once (the winner is used):');
    for (const c of loaded.conflicts) out(`  ${sanitizeLine(c.name)}: ${c.winner} wins over ${c.overridden.join(', ')}`);
  }
}

export function registerSources(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  program
    .command('sources')
    .description("list where servers are read from (other clients' files too): what was read, skipped and why, and which definition won")
    .option('--json', 'print JSON')
    .option('-c, --config <file>', 'also read this file (repeatable)', collect)
    .option('--strict', 'read only the --config files')
    .option('--hide <source>', "stop reading a source (by the id this command lists); kept for later runs")
    .option('--show <source>', 'read a hidden source again')
    .action((options: SourcesOptions) =>
      run(async () => {
        const workspace = new Workspace(inv.env, inv.cwd);
        const read = { configFiles: options.config, strict: options.strict };
        const change = options.hide ?? options.show;
        if (options.hide && options.show) throw new UserError('give --hide or --show, not both');
        if (change) {
          const known = workspace.readSources(read).sources.filter((s) => s.hideable).map((s) => s.id);
          if (!known.includes(change)) throw new UserError(`no source "${change}"; sources: ${known.join(', ')}`);
          await workspace.setSourceHidden(change, Boolean(options.hide));
          process.stderr.write(options.hide ? `hid ${change}: its servers are not read (mcpdeck sources --show ${change})\n` : `showing ${change} again\n`);
        }
        const loaded = workspace.readSources(read);
        if (options.json) {
          process.stdout.write(`${terminalJson({ sources: loaded.sources, servers: loaded.winners, conflicts: loaded.conflicts }, 2)}\n`);
        } else printTable(loaded);
        return Exit.ok;
      }),
    );
}
