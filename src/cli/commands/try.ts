import type { Command } from 'commander';
import { Exit, UserError } from '../exit-codes.js';
import { withAnswers, withTarget, type Invocation, type TargetOptions } from '../options.js';
import { openTui } from './ui.js';

/**
 * `mcpdeck try -- <command…>` and `mcpdeck try <url>`: the deck on one server that is in
 * no configuration, to list and call its tools before deciding to keep it (`a` adds it).
 * A command runs sandboxed with no network unless told otherwise; a remote server runs
 * elsewhere and is not sandboxed.
 */
export function registerTry(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  withAnswers(withTarget(program.command('try').argument('[url]', 'a remote server to try (or a command after --)')
    .description('try a server before adding it: the deck on it alone, a command sandboxed with no network; a adds it to your catalog')))
    .option('--no-sandbox', 'run the command with all of your rights (not sandboxed)')
    .option('--json', 'print the status as JSON instead (not on a terminal)')
    .action((url: string | undefined, options: TargetOptions & { json?: boolean }) =>
      run(async () => {
        const command = Boolean(inv.commandLine?.length);
        if (!url && !options.url && !command) throw new UserError('try needs a server: mcpdeck try -- <command…>, or mcpdeck try <url>', Exit.badInput);
        if (url && command) throw new UserError('try takes a URL or a command after --, not both', Exit.badInput);
        const sandbox = command ? options.sandbox !== false : undefined;
        return openTui({ ...options, url: url ?? options.url, strict: true, sandbox }, inv, { trying: true });
      }),
    );
}
