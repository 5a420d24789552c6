import { Command, CommanderError } from 'commander';
import { ConfigWriteError } from '../core/config/write.js';
import { VERSION } from '../util/version.js';
import { registerApprove } from './commands/approve.js';
import { registerAuth } from './commands/auth.js';
import { registerCall } from './commands/call.js';
import { registerGet } from './commands/get.js';
import { registerManage } from './commands/manage.js';
import { registerExport } from './commands/export.js';
import { registerImport } from './commands/import.js';
import { registerSources } from './commands/sources.js';
import { registerStatus } from './commands/status.js';
import { registerTools } from './commands/tools.js';
import { registerUi } from './commands/ui.js';
import { Exit, UserError } from './exit-codes.js';
import type { Invocation } from './target.js';
import { sanitize } from '../util/sanitize.js';

/** Builds the program; `result` resolves with the exit code of whichever command ran. */
export function buildProgram(inv: Invocation): { program: Command; result: Promise<number> } {
  let settle!: (code: number) => void;
  const result = new Promise<number>((resolve) => (settle = resolve));
  const run = (fn: () => Promise<number>) => {
    fn().then(settle, (error: unknown) => settle(report(error)));
  };
  const program = new Command('mcpdeck')
    .description('A terminal deck for MCP servers: status, tools, calls. Run with no command for the interactive deck.')
    .version(VERSION)
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(text) });
  registerUi(program, inv, run);
  registerStatus(program, inv, run);
  registerTools(program, inv, run);
  registerGet(program, inv, run);
  registerCall(program, inv, run);
  registerManage(program, inv, run);
  registerSources(program, inv, run);
  registerImport(program, inv, run);
  registerExport(program, inv, run);
  registerApprove(program, inv, run);
  registerAuth(program, inv, run);
  program.addHelpText('after', EXIT_HELP);
  return { program, result };
}

const EXIT_HELP = `
Exit codes: 0 ok · 1 the tool returned an error result · 2 bad input (usage, config,
arguments) · 3 connection failed · 4 needs sign-in · 5 the server refused or timed out ·
6 a project's server waits for approval · 130 cancelled.`;

/** One message for the person, no stack trace for their mistakes. */
export function report(error: unknown): number {
  if (error instanceof UserError || error instanceof ConfigWriteError) {
    process.stderr.write(`mcpdeck: ${sanitize(error.message)}\n`);
    return error instanceof UserError ? error.code : Exit.badInput;
  }
  if (error instanceof CommanderError) return error.exitCode === 0 ? Exit.ok : Exit.badInput;
  process.stderr.write(`mcpdeck: unexpected error: ${(error as Error)?.stack ?? String(error)}\n`);
  return 70;
}
