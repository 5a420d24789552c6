import type { Command } from 'commander';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Deck } from '../../core/deck.js';
import { EvalFileError, evalFilePaths, readEvalFile, type EvalFile } from '../../core/evals/eval-file.js';
import { grantsOf } from '../../core/evals/approval.js';
import { runEvals, type EvalItem } from '../../core/evals/run-evals.js';
import { allPassed, evalsJson, evalsJunit } from '../../core/evals/report.js';
import { ModelSettingError } from '../../core/models/endpoints.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { Exit, UserError } from '../exit-codes.js';
import { collect, withConfigured } from '../options.js';
import { printJson } from '../request.js';
import { onInterrupt } from '../session/context.js';
import { painter } from '../style.js';
import { connectOne, openDeck, type Invocation, type TargetOptions } from '../target.js';
import { evalReport, runLine } from '../eval-table.js';

interface EvalOptions extends Omit<TargetOptions, 'model'> {
  model?: string[];
  runs?: string;
  json?: boolean;
  junit?: string;
}

/**
 * `mcpdeck eval [file…]`: each case of the eval files (a message and what the model should
 * do with the servers' tools) runs K times on each model, and the table says how often it
 * passed, whether the model picked the right tools, its tokens and its time. For CI: exit
 * 1 when a case fails, `--junit`, `--json`.
 */
export function registerEval(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  withConfigured(program.command('eval [files...]').description('run model evals (default file: mcpdeck.evals.json): each case a message and what the model should do with your tools, K runs per model; exit 1 when one fails'))
    .option('--model <provider:name>', 'the models to evaluate (repeatable, or comma-separated); replaces the files\' "models"', collect)
    .option('--runs <n>', 'runs of each case on each model; replaces the files\' "runs" (default 1)')
    .option('--json', 'print the results as JSON')
    .option('--junit <file>', 'also write the results as JUnit XML, for CI')
    .action((names: string[], options: EvalOptions) =>
      run(async () => {
        const runs = runsOf(options.runs);
        const files = await readFiles(names, inv.cwd);
        const named = options.model?.flatMap((m) => m.split(',')).map((m) => m.trim()).filter(Boolean);
        const wanted = [...new Set(files.flatMap((f) => f.cases.flatMap((c) => c.servers ?? [])))];
        const everyServer = files.some((f) => f.cases.some((c) => !c.servers));
        const deck = await openDeck({ ...options, model: undefined }, inv, { lists: ['tools'], ...(!everyServer && { only: wanted }) });
        const abort = new AbortController();
        const stop = onInterrupt(() => abort.abort());
        try {
          await mustBeApproved(deck, files);
          const models = await openModels(deck, files, named);
          const enabled = await connectServers(deck, files, wanted, everyServer);
          const items = files.flatMap((file) => file.cases.flatMap((c) => models.get(file)!.map((model): EvalItem => ({ file: file.path, case: c, model, servers: c.servers ?? enabled, runs: runs ?? file.runs }))));
          const paint = painter(process.stderr, inv.env);
          const results = await runEvals(items, { conversation: (request) => deck.models.conversation(request), signal: abort.signal, onRun: options.json ? undefined : (item, r) => process.stderr.write(runLine(item, r, paint)) });
          if (options.junit) writeFileSync(resolve(inv.cwd, options.junit), evalsJunit(results));
          if (options.json) printJson(evalsJson(results));
          else process.stdout.write(evalReport(results, painter(process.stdout, inv.env)));
          if (abort.signal.aborted) return Exit.interrupted;
          return allPassed(results) ? Exit.ok : Exit.toolError;
        } finally {
          stop();
          await deck.close();
        }
      }),
    );
}

function runsOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const runs = Number(value);
  if (!Number.isInteger(runs) || runs < 1 || runs > 1000) throw new UserError(`--runs "${value}" must be a whole number from 1 to 1000`);
  return runs;
}

async function readFiles(names: string[], cwd: string): Promise<EvalFile[]> {
  try {
    return await Promise.all(evalFilePaths(names, cwd).map(readEvalFile));
  } catch (error) {
    if (error instanceof EvalFileError) throw new UserError(error.message);
    throw error;
  }
}

/** A file that lets the model run tools that ask first runs only as the person approved it; nothing runs otherwise. */
async function mustBeApproved(deck: Deck, files: readonly EvalFile[]): Promise<void> {
  const refused: string[] = [];
  for (const file of files) {
    const { needed, approved } = await deck.evalsApproval(file);
    if (!needed || approved) continue;
    const grants = grantsOf(file).map((g) => `\n  case "${sanitizeLine(g.case)}" allows ${sanitizeLine(g.allows)}`).join('');
    refused.push(`${file.path} lets the model run tools that may change things or reach the outside world, and is not approved (or changed since it was); nothing was run.${grants}\n  review its cases, then: mcpdeck approve --file ${file.path}`);
  }
  if (refused.length) throw new UserError(refused.join('\n'), Exit.needsApproval);
}

/** Each file's models (`--model`, else its own, else the default), each opened once: a model that cannot be used stops the run before it starts. */
async function openModels(deck: Deck, files: readonly EvalFile[], named: string[] | undefined): Promise<Map<EvalFile, string[]>> {
  const byFile = new Map<EvalFile, string[]>();
  try {
    for (const file of files) {
      const specs = named?.length ? named : file.models.length ? file.models : [undefined];
      byFile.set(file, [...new Set(specs.map((spec) => deck.models.endpoint(spec).spec))]);
    }
    for (const spec of new Set([...byFile.values()].flat())) await deck.models.open(spec);
  } catch (error) {
    if (error instanceof ModelSettingError) throw new UserError(error.message, Exit.badInput);
    throw error;
  }
  return byFile;
}

/** Connects the servers cases name (each must), and every enabled one when a case names none; returns the enabled ones that connected. */
async function connectServers(deck: Deck, files: readonly EvalFile[], wanted: string[], everyServer: boolean): Promise<string[]> {
  for (const file of files) {
    for (const c of file.cases) {
      const missing = c.servers?.find((name) => !deck.server(name));
      if (missing !== undefined) throw new UserError(`${file.path}: case "${sanitizeLine(c.name)}": no server named "${sanitizeLine(missing)}" (see \`mcpdeck status\`)`);
    }
  }
  for (const name of wanted) await connectOne(deck, name);
  if (!everyServer) return [];
  const names = deck.getSnapshot().servers.filter((s) => s.status !== 'disabled' && s.status !== 'needs-approval').map((s) => s.name);
  const connected = new Set(wanted);
  await Promise.all(names.filter((n) => !connected.has(n)).map((name) => connectOne(deck, name).then(() => connected.add(name), (error: Error) => process.stderr.write(`mcpdeck: ${sanitizeLine(name)} left out: ${sanitizeLine(error.message.split('\n')[0] ?? '')}\n`))));
  const enabled = names.filter((n) => connected.has(n));
  if (!enabled.length) throw new UserError('no server is connected to give the model tools: add one (mcpdeck add), or name servers in the eval file', Exit.connection);
  return enabled;
}
