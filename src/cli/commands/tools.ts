import type { Command } from 'commander';
import { terminalJson } from '../../util/json.js';
import { sanitize, sanitizeLine } from '../../util/sanitize.js';
import { Exit, UserError } from '../exit-codes.js';
import { DRIFT_LIMIT, watchable } from '../../core/drift/watch.js';
import { toolsTable } from '../format.js';
import type { Deck } from '../../core/deck.js';
import { driftSummary } from '../../core/drift/compare.js';
import { ENCODING } from '../../core/tokens/meter.js';
import { connectOne, isAdhoc, openDeck, pickServer, withTarget, type Invocation, type TargetOptions } from '../target.js';
import { formatCount } from '../../util/text.js';

interface ToolsOptions extends TargetOptions {
  json?: boolean;
  changed?: boolean;
  accept?: boolean;
  tokens?: boolean;
}

export function registerTools(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  withTarget(program.command('tools [server]').description("list a server's tools with their annotation tags (with --tokens, their token cost)"))
    .option('--json', 'print JSON')
    .option('--tokens', "count what each tool's definition costs in a model's context (loads the tokenizer)")
    .option('--changed', `show how its tools, prompts and resource templates differ from the ones accepted (exit ${Exit.drift} when they do)`)
    .option('--accept', 'accept its tools, prompts and resource templates as they are now')
    .action((server: string | undefined, options: ToolsOptions) =>
      run(async () => {
        const adhoc = isAdhoc(options, inv);
        const review = Boolean(options.changed || options.accept);
        // Drift covers prompts and resource templates too: a review lists them all.
        const lists = review ? (['tools', 'prompts', 'resources'] as const) : (['tools'] as const);
        const deck = await openDeck(options, inv, { only: adhoc || !server ? undefined : [server], lists: [...lists], drift: true });
        try {
          const name = pickServer(deck, server, adhoc);
          // Asked for, the tokenizer (2.7 MB) loads while the server starts.
          const counted = Boolean(options.tokens && !review);
          const warm = counted ? deck.tokens.warm() : undefined;
          await connectOne(deck, name);
          if (review) return await reviewDrift(deck, name, options);
          await warm;
          if (counted) await deck.tokens.countTools(deck.server(name)!.tools);
          printTools(deck, name, Boolean(options.json), counted);
          const drift = driftSummary(deck.drift?.of(name));
          if (drift) process.stderr.write(`note: its tools: ${drift} since you accepted ${name}'s definitions; mcpdeck tools ${name} --changed shows them, and its prompts and resource templates\n`);
          return Exit.ok;
        } finally {
          await deck.close();
        }
      }),
    );
}

function printTools(deck: Deck, name: string, json: boolean, counted: boolean): void {
  const state = deck.server(name)!;
  // A list cut short (a page or item limit, a cursor that loops) says so, whatever the format.
  const cut = state.listNotes?.tools;
  if (cut) process.stderr.write(`note: ${name}'s tool list is not whole: ${sanitizeLine(cut)}\n`);
  if (json) {
    process.stdout.write(`${terminalJson(state.tools.map((t) => ({ ...t, tokens: counted ? deck.tokens.tool(t) : undefined })), 2)}\n`);
    return;
  }
  if (!state.tools.length) process.stdout.write(`${name} has no tools\n`);
  else process.stdout.write(`${toolsTable(state.tools, process.stdout, counted ? (t) => deck.tokens.tool(t) : undefined)}\n`);
  if (state.hiddenTools) process.stdout.write(`(${state.hiddenTools} more hidden by the tools filter)\n`);
  process.stdout.write(`Tags are declared by the server, not verified; [x?] marks a default the spec implies.\n`);
  if (state.tools.length && counted) process.stdout.write(`The definitions cost ${deck.tokens.server(state, { all: true })} tokens in a model's context (${ENCODING}).\n`);
}

/** `--changed` prints the drift (exit Exit.drift when there is some); `--accept` takes the definitions as they are now. */
async function reviewDrift(deck: Deck, name: string, options: ToolsOptions): Promise<number> {
  if (!watchable(deck.server(name)!)) throw new UserError(`${name} has more than ${formatCount(DRIFT_LIMIT)} tools, prompts and resource templates: mcpdeck does not keep or compare them`);
  const drift = deck.drift?.of(name);
  if (options.changed && options.json) {
    process.stdout.write(`${terminalJson({ server: name, counts: drift?.counts ?? { new: 0, changed: 0, removed: 0 }, items: drift?.items ?? [] }, 2)}\n`);
  } else if (options.changed) {
    if (drift) {
      const { driftReport } = await import('../../core/drift/report.js');
      process.stdout.write(`${sanitize(await driftReport(name, drift))}\n`);
    } else process.stdout.write(`${name}: no changes since its definitions were accepted (or first seen)\n`);
  }
  if (options.accept) {
    await deck.acceptDefinitions(name);
    process.stdout.write(drift ? `${name}: accepted its definitions as they are now (${driftSummary(drift)})\n` : `${name}: its definitions are recorded as they are now\n`);
    return Exit.ok;
  }
  return drift ? Exit.drift : Exit.ok;
}
