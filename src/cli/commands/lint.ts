import { Option, type Command } from 'commander';
import { CLIENT_IDS, isClientId, type ClientId } from '../../core/compat/clients.js';
import { countBySeverity, lintState, rulesFor } from '../../core/compat/lint.js';
import { SEVERITIES, type Severity } from '../../core/compat/types.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { Exit, UserError } from '../exit-codes.js';
import { lintReport } from '../lint-report.js';
import { printJson } from '../request.js';
import { painter } from '../style.js';
import { connectOne, isAdhoc, openDeck, pickServer, withTarget, type Invocation, type TargetOptions } from '../target.js';

interface LintCommandOptions extends TargetOptions {
  json?: boolean;
  client: string[];
  by: 'tool' | 'rule';
  all?: boolean;
  as?: string;
  failOn: Severity;
}

const collect = (value: string, previous: string[]) => [...previous, ...value.split(',').map((s) => s.trim()).filter(Boolean)];

/** The clients asked for; an unknown one is a mistake, said with the ones there are. */
function clientsOf(words: string[]): ClientId[] | undefined {
  if (!words.length) return undefined;
  const unknown = words.filter((w) => !isClientId(w));
  if (unknown.length) throw new UserError(`--client: unknown ${unknown.map((w) => JSON.stringify(sanitizeLine(w))).join(', ')}; known: ${CLIENT_IDS.join(', ')}`);
  return [...new Set(words as ClientId[])];
}

export function registerLint(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  withTarget(
    program
      .command('lint [server]')
      .description("check a server's tools against what well-known clients and model APIs take (names, schemas, counts, descriptions, annotations); exit 1 on an error"),
  )
    .option('--json', 'print the findings as JSON')
    .option('--client <ids>', `only these clients and model APIs, comma-separated: ${CLIENT_IDS.join(', ')}`, collect, [])
    .addOption(new Option('--by <what>', 'group the findings by tool or by rule').choices(['tool', 'rule']).default('tool'))
    .option('--all', 'list each note (info), not only count them')
    .option('--as <name>', 'the server name its clients know it by, for the rules on prefixed names (default: its name here)')
    .addOption(new Option('--fail-on <severity>', 'exit 1 when a finding is this severe or more').choices([...SEVERITIES]).default('error'))
    .action((server: string | undefined, options: LintCommandOptions) =>
      run(async () => {
        const clients = clientsOf(options.client);
        const adhoc = isAdhoc(options, inv);
        const deck = await openDeck(options, inv, { only: adhoc || !server ? undefined : [server], lists: ['tools'] });
        try {
          const name = pickServer(deck, server, adhoc);
          const state = await connectOne(deck, name);
          const as = options.as ?? name;
          const findings = lintState(state, { as, clients });
          const cut = state.listNotes?.tools;
          // A list cut short, or tools a filter hides: checked as far as they were listed.
          if (cut) process.stderr.write(`note: ${sanitizeLine(name)}'s tool list is not whole: ${sanitizeLine(cut)}\n`);
          if (state.hiddenTools) process.stderr.write(`note: ${state.hiddenTools} more tools hidden by the tools filter were not checked\n`);
          const considered = clients ?? CLIENT_IDS;
          if (options.json) {
            printJson({ server: name, as, tools: state.tools.length, clients: considered, rules: rulesFor(clients).length, counts: countBySeverity(findings), findings });
          } else {
            const report = lintReport(findings, { server: name, as, toolCount: state.tools.length, clientCount: considered.length, by: options.by, all: Boolean(options.all), paint: painter(process.stdout) });
            process.stdout.write(`${report}\n`);
          }
          const worst = SEVERITIES.indexOf(options.failOn);
          return findings.some((f) => SEVERITIES.indexOf(f.severity) <= worst) ? Exit.toolError : Exit.ok;
        } finally {
          await deck.close();
        }
      }),
    );
}
