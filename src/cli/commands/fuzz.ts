import type { Command } from 'commander';
import { sanitize, sanitizeLine } from '../../util/sanitize.js';
import { countOf } from '../../util/text.js';
import { Exit, UserError } from '../exit-codes.js';
import { printJson, splitWords } from '../request.js';
import { connectOne, isAdhoc, openDeck, pickServer, withTarget, type Invocation, type TargetOptions } from '../target.js';
import { onInterrupt } from '../session/context.js';

interface FuzzCommandOptions extends TargetOptions {
  seed?: string;
  count?: string;
  time?: string;
  timeout?: string;
  json?: boolean;
}

const positive = (value: string | undefined, fallback: number, option: string, whole = false): number => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || (whole && !Number.isInteger(n))) throw new UserError(`${option} "${value}" must be a ${whole ? 'whole ' : ''}number above 0`);
  return n;
};

/**
 * The answering policy's notes (a declined question, ...), one per tool and note with a
 * count: a tool that asks on every call would fill the terminal. Notes are told apart by
 * their first line, so a page asked for 30 times (each with its own URL) is shown once,
 * the first, with its count.
 */
function noteTally() {
  let tool: string | undefined;
  const notes = new Map<string, { text: string; n: number }>();
  const flush = () => {
    const during = tool ? ` while fuzzing ${sanitizeLine(tool)}` : '';
    for (const { text, n } of notes.values()) {
      const which = n > 1 && text.includes('\n') ? ', the first shown' : '';
      process.stderr.write(`${text} (${countOf(n, 'time')}${during}${which})\n`);
    }
    notes.clear();
  };
  return {
    add: (text: string) => {
      const key = text.split('\n')[0]!;
      const seen = notes.get(key);
      if (seen) seen.n++;
      else notes.set(key, { text, n: 1 });
    },
    nextTool: (next: string) => {
      flush();
      tool = next;
    },
    flush,
  };
}

export function registerFuzz(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  withTarget(program.command('fuzz [server] [tools...]').description("call a server's tools with arguments generated from their input schemas and report crashes, hangs and protocol errors; exit 1 on findings"))
    .option('--seed <n>', 'the seed, to replay a run (default: a new one, printed)')
    .option('--count <n>', 'calls per tool at most (default 30)')
    .option('--time <seconds>', 'the whole run takes at most this long, shared between the tools (default 60)')
    .option('--timeout <seconds>', 'a call with no answer or progress for this long is a hang; one still sending progress after this long is stopped and counted as slow (default 5)')
    .option('--json', 'print the report as JSON')
    .action((first: string | undefined, rest: string[], options: FuzzCommandOptions) =>
      run(async () => {
        // With --url or `-- command` there is no server name: every word names a tool.
        const { server, rest: tools } = splitWords(isAdhoc(options, inv), [first, ...rest]);
        const seed = options.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : positive(options.seed, 0, '--seed', true);
        const count = positive(options.count, 30, '--count', true);
        const timeBudgetMs = positive(options.time, 60, '--time') * 1000;
        const callTimeoutMs = positive(options.timeout, 5, '--timeout') * 1000;
        // Nobody answers a server's questions during a fuzz run: declined, so calls go on.
        const notes = noteTally();
        const deck = await openDeck({ ...options, onElicit: 'decline', onSample: 'decline' }, inv, { only: server ? [server] : undefined, lists: ['tools'], policyNotes: notes.add });
        const abort = new AbortController();
        const stopListening = onInterrupt(() => abort.abort());
        try {
          const name = pickServer(deck, server, isAdhoc(options, inv));
          await connectOne(deck, name);
          // Loaded here only: the generator is for this command (and the deck's fuzz action).
          const { fuzzServer, FuzzSetupError } = await import('../../core/checks/fuzz.js');
          const { fuzzReportText } = await import('../../core/checks/fuzz-report.js');
          if (!options.json) process.stderr.write(`fuzzing ${name} with seed ${seed}…\n`);
          let report;
          // One trace for the whole run (SEP-414): every request of it carries its id.
          const trace = deck.wire.tracing.begin('mcpdeck fuzz');
          try {
            report = await deck.wire.tracing.run(() => fuzzServer(deck, name, { seed, count, timeBudgetMs, callTimeoutMs, tools: tools.length ? tools : undefined, signal: abort.signal, onTool: notes.nextTool }), trace);
          } catch (error) {
            if (error instanceof FuzzSetupError) throw new UserError(error.message);
            throw error;
          } finally {
            notes.flush();
          }
          if (options.json) printJson({ ...report, traceId: trace.traceId });
          else process.stdout.write(`${sanitize(fuzzReportText(report))}\n`);
          if (abort.signal.aborted) return Exit.interrupted;
          return report.findings.length ? Exit.toolError : Exit.ok;
        } finally {
          stopListening();
          await deck.close();
        }
      }),
    );
}
