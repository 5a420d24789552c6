import type { Command } from 'commander';
import { openDeck, withTarget, type Invocation, type TargetOptions } from '../target.js';
import { withAnswers } from '../elicit/options.js';
import { Exit } from '../exit-codes.js';
import { printStatus } from './status.js';

/** `mcpdeck` alone: the TUI on a terminal; the status table when piped. */
export function registerUi(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  withAnswers(withTarget(program.command('ui', { isDefault: true }).description('open the interactive deck (the default on a terminal)')))
    .option('--json', 'print the status as JSON instead (as `mcpdeck status --json`)')
    .action((options: TargetOptions & { json?: boolean }) =>
      run(async () => {
        const tui = !options.json && Boolean(process.stdout.isTTY && process.stdin.isTTY);
        const deck = await openDeck(options, inv, { tui });
        try {
          if (!tui) {
            if (!options.json) process.stderr.write('mcpdeck: not a terminal; printing the status instead (mcpdeck status --help)\n');
            await deck.connectAll();
            return printStatus(deck, Boolean(options.json));
          }
          const { runTui } = await import('../../ui/run.js');
          await runTui(deck);
          return Exit.ok;
        } finally {
          await deck.close();
        }
      }),
    );
}
