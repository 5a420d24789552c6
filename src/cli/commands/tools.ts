import type { Command } from 'commander';
import { terminalJson } from '../../util/json.js';
import { Exit } from '../exit-codes.js';
import { toolsTable } from '../format.js';
import { connectOne, isAdhoc, openDeck, pickServer, withTarget, type Invocation, type TargetOptions } from '../target.js';

export function registerTools(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  withTarget(program.command('tools [server]').description("list a server's tools with their annotation tags"))
    .option('--json', 'print JSON')
    .action((server: string | undefined, options: TargetOptions & { json?: boolean }) =>
      run(async () => {
        const adhoc = isAdhoc(options, inv);
        const deck = await openDeck(options, inv, { only: adhoc || !server ? undefined : [server], lists: ['tools'] });
        try {
          const name = pickServer(deck, server, adhoc);
          const state = await connectOne(deck, name);
          if (options.json) {
            process.stdout.write(`${terminalJson(state.tools, 2)}\n`);
          } else {
            process.stdout.write(state.tools.length ? `${toolsTable(state.tools, process.stdout)}\n` : `${name} has no tools\n`);
            if (state.hiddenTools) process.stdout.write(`(${state.hiddenTools} more hidden by the tools filter)\n`);
            process.stdout.write('Tags are declared by the server, not verified; [x?] marks a default the spec implies.\n');
          }
          return Exit.ok;
        } finally {
          await deck.close();
        }
      }),
    );
}
