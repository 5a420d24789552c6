import { buildProgram, report } from './program.js';

/** Everything after the first `--` is a command line (ad hoc server, or what `add` runs). */
export function splitArgv(argv: string[]): { head: string[]; commandLine?: string[] } {
  const at = argv.indexOf('--');
  return at === -1 ? { head: argv } : { head: argv.slice(0, at), commandLine: argv.slice(at + 1) };
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  const { head, commandLine } = splitArgv(argv);
  const { program, result } = buildProgram({ commandLine, env: process.env, cwd: process.cwd() });
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
// Let stdout drain before leaving; child processes are already closed by each command.
process.exitCode = code;
setTimeout(() => process.exit(code), 50).unref();
