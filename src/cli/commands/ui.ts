import type { Command } from 'commander';
import { Exit } from '../exit-codes.js';
import { withAnswers, withTarget, type Invocation, type TargetOptions } from '../options.js';
import { inProcessSettled } from '../../core/servers/in-process-settled.js';
import { releaseStartupMemory } from '../../core/mcp/large-message.js';
import type { ConfigIssue } from '../../core/config/types.js';
import { reportIssues } from '../config-issues.js';

/** How long the first full frame waits at most for in-process servers to connect. */
const IN_PROCESS_WAIT_MS = 100;

/** `mcpdeck` alone: the TUI on a terminal; the status table when piped. */
export function registerUi(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  withAnswers(withTarget(program.command('ui', { isDefault: true }).description('open the interactive deck (the default on a terminal)')))
    .option('--json', 'print the status as JSON instead (as `mcpdeck status --json`)')
    .option('--registry <url>', 'the MCP Registry the deck\'s registry screen (g) reads (default: the `registry` setting, else the official one)')
    .action((options: TargetOptions & { json?: boolean }) => run(() => openTui(options, inv)));
}

/** The deck on a terminal (`mcpdeck`, `mcpdeck try`); the status table when piped. */
export async function openTui(options: TargetOptions & { json?: boolean }, inv: Invocation, { trying = false } = {}): Promise<number> {
  const tui = !options.json && Boolean(process.stdout.isTTY && process.stdin.isTTY);
  if (!tui) return printInstead(options, inv);
  // The frame first, then the core: the SDK and the schemas take longer to load than Ink.
  const [{ openScreen }, { createTheme }] = await Promise.all([import('../../ui/start.js'), import('../../ui/theme/theme.js')]);
  const theme = createTheme(process.env);
  const screen = openScreen(theme);
  const screens = import('../../ui/run.js');
  // Awaited below; until then its failure must not go unhandled.
  screens.catch(() => undefined);
  const { openDeck } = await import('../target.js').catch((error: unknown) => {
    screen.close();
    throw error;
  });
  let issues: ConfigIssue[] = [];
  try {
    const deck = await openDeck(options, inv, { tui, reportLater: true, trying });
    issues = deck.configIssues;
    try {
      // The servers start connecting while the screens load: a quick one is connected
      // by the first full frame, with no frames drawn between; in-process ones are
      // waited for (they connect on this thread), up to IN_PROCESS_WAIT_MS.
      // Once they have settled, what starting took goes back to the system.
      void deck.connectAll().then(() => releaseStartupMemory(), () => undefined);
      const { runTui } = await screens;
      await inProcessSettled(deck, IN_PROCESS_WAIT_MS);
      await runTui(deck, screen, theme);
    } finally {
      await deck.close();
    }
    return Exit.ok;
  } finally {
    screen.close();
    // Said on the terminal the person returns to, as before the deck opened.
    reportIssues(issues);
  }
}

/** Not a terminal: the status table (or JSON), as `mcpdeck status` prints it. */
async function printInstead(options: TargetOptions & { json?: boolean }, inv: Invocation): Promise<number> {
  const [{ openDeck }, { connectAndPrint }] = await Promise.all([import('../target.js'), import('./status.js')]);
  const deck = await openDeck(options, inv);
  try {
    if (!options.json) process.stderr.write('mcpdeck: not a terminal; printing the status instead (mcpdeck status --help)\n');
    return await connectAndPrint(deck, Boolean(options.json));
  } finally {
    await deck.close();
  }
}
