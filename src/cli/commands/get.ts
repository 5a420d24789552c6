import type { Command } from 'commander';
import { terminalJson } from '../../util/json.js';
import { Exit } from '../exit-codes.js';
import { openDeck, pickServer, withTarget, isAdhoc, type Invocation, type TargetOptions } from '../target.js';
import { sanitize } from '../../util/sanitize.js';
import { whatRunsLines } from '../../core/config/what-runs.js';

export function registerGet(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  withTarget(program.command('get <server>').description("show a server's configuration, secrets masked"))
    .option('--json', 'print JSON')
    .option('--show-secrets', 'show env values, headers and answers to ${input:id} as they are, and the expanded config')
    .action((server: string, options: TargetOptions & { json?: boolean; showSecrets?: boolean }) =>
      run(async () => {
        const deck = await openDeck(options, inv, { only: [] });
        try {
          const name = pickServer(deck, server, isAdhoc(options, inv));
          const state = deck.server(name)!;
          const definition = deck.definition(name);
          // The one place secrets are shown: the entry as written, and what it expands to.
          const secrets = options.showSecrets && definition ? { config: definition.raw, resolved: definition.config ?? null } : { config: state.config };
          const view = {
            name: state.name,
            source: state.source.label,
            path: state.source.path ?? null,
            transport: state.transport ?? null,
            ...secrets,
            issues: state.configIssues.map((i) => `${i.severity}: ${i.message}`),
            roots: state.roots,
            runs: state.runs ?? null,
            approval: state.approval ?? null,
          };
          if (options.json) process.stdout.write(`${terminalJson(view, 2)}\n`);
          else {
            process.stdout.write(`${sanitize(state.name)}  (${view.source}${view.path ? `: ${view.path}` : ''})\n`);
            process.stdout.write(`${sanitize(JSON.stringify(view.config, null, 2))}\n`);
            if ('resolved' in secrets) process.stdout.write(`expanded:\n${sanitize(JSON.stringify(secrets.resolved, null, 2))}\n`);
            for (const issue of view.issues) process.stdout.write(`${sanitize(issue)}\n`);
            if (state.roots.length) process.stdout.write(`roots: ${sanitize(state.roots.join(', '))}\n`);
            if (state.approval) {
              const { needed, by, changed } = state.approval;
              process.stdout.write(`${needed ? `waits for approval${changed ? ' (changed since approved)' : ''}: mcpdeck approve ${name}` : `approved${by === 'claude-code' ? " (Claude Code's lists in ~/.claude.json)" : ''}`}\n`);
            }
            if (state.runs) process.stdout.write(whatRunsLines(state.runs).map((l) => `  ${sanitize(l)}\n`).join(''));
          }
          return Exit.ok;
        } finally {
          await deck.close();
        }
      }),
    );
}
