import type { Invocation } from '../target.js';

/** A command line as `main` runs it (src/cli/main.ts), for a session's client: the exit code. */
export async function runProgram(argv: string[], inv: Invocation): Promise<number> {
  const { buildProgram, commandFirst, report, unknownCommand } = await import('../program.js');
  const head = commandFirst(argv);
  const unknown = unknownCommand(head);
  if (unknown) return report(unknown);
  const { program, result } = await buildProgram(inv, head);
  try {
    await program.parseAsync(head, { from: 'user' });
  } catch (error) {
    return report(error);
  }
  return result;
}
