import type { Command } from 'commander';
import { terminalJson } from '../../util/json.js';
import { Exit } from '../exit-codes.js';
import { openDeck, pickServer, withTarget, isAdhoc, type Invocation, type TargetOptions } from '../target.js';
import { sanitize } from '../../util/sanitize.js';

export function registerGet(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  withTarget(program.command('get <server>').description("show a server's configuration, secrets masked"))
    .option('--json', 'print JSON')
    .action((server: string, options: TargetOptions & { json?: boolean }) =>
      run(async () => {
        const deck = await openDeck(options, inv, { only: [] });
        try {
          const state = deck.hub.get(pickServer(deck, server, isAdhoc(options, inv)))!;
          const view = {
            name: state.name,
            source: state.source.label,
            path: state.source.path ?? null,
            transport: state.transport ?? null,
            config: state.config,
            issues: state.configIssues.map((i) => `${i.severity}: ${i.message}`),
          };
          if (options.json) process.stdout.write(`${terminalJson(view, 2)}\n`);
          else {
            process.stdout.write(`${sanitize(state.name)}  (${view.source}${view.path ? `: ${view.path}` : ''})\n`);
            process.stdout.write(`${sanitize(JSON.stringify(state.config, null, 2))}\n`);
            for (const issue of view.issues) process.stdout.write(`${sanitize(issue)}\n`);
          }
          return Exit.ok;
        } finally {
          await deck.close();
        }
      }),
    );
}
