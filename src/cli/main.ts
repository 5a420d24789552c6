import { readFileSync } from 'node:fs';
import type { HelpEntry } from './program.js';
import { VERSION } from '../util/version.js';

/** The command list for `--help`, written beside the bundle as it is built; absent elsewhere (then every command loads). */
function helpIndex(): HelpEntry[] | undefined {
  try {
    return JSON.parse(readFileSync(new URL('./help-index.json', import.meta.url), 'utf8')) as HelpEntry[];
  } catch {
    return undefined;
  }
}

/** Everything after the first `--` is a command line (ad hoc server, or what `add` runs). */
export function splitArgv(argv: string[]): { head: string[]; commandLine?: string[] } {
  const at = argv.indexOf('--');
  return at === -1 ? { head: argv } : { head: argv.slice(0, at), commandLine: argv.slice(at + 1) };
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  const split = splitArgv(argv);
  const { commandLine } = split;
  // The version alone needs nothing loaded, not even the command line parser.
  const [only] = split.head.length === 1 ? split.head : [];
  if (only === '--version' || only === '-V') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const index = only === '--help' || only === '-h' ? helpIndex() : undefined;
  if (index) return (await import('./program.js')).printTopHelp(index);
  const { buildProgram, commandFirst, report, unknownCommand } = await import('./program.js');
  const head = commandFirst(split.head);
  const unknown = unknownCommand(head);
  if (unknown) return report(unknown);
  const { program, result } = await buildProgram({ commandLine, env: process.env, cwd: process.cwd() }, head);
  try {
    await program.parseAsync(head, { from: 'user' });
  } catch (error) {
    return report(error);
  }
  return result;
}

// A reader that stops early (`mcpdeck call … | head`) is not an error of ours.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

const code = await main();
process.exitCode = code;
// Leave once stdout and stderr are written out (a 50 MB result to a slow pipe takes a
// while; an empty write calls back after everything before it), whatever timers a
// library left behind; child processes are already closed by each command.
const flushed = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write('', () => resolve()));
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit(code);
