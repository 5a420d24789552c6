import type { Command } from 'commander';
import { openInBrowser } from '../../core/browser.js';
import { appResourceUri } from '../../core/apps/ui-resource.js';
import { logLine, questionText } from '../../core/apps/question-text.js';
import type { AppQuestion } from '../../core/apps/questions.js';
import { coerceArguments, CoerceError } from '../../core/schema/coerce.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { Exit, UserError } from '../exit-codes.js';
import { LinePrompter, PromptEnded } from '../elicit/terminal.js';
import { onServer, type RequestCommandOptions } from '../request.js';
import { onInterrupt } from '../session/context.js';
import { withTarget, type Invocation, type TargetOptions } from '../target.js';

interface AppOptions extends TargetOptions, RequestCommandOptions {
  open?: boolean;
}

/**
 * `mcpdeck app <server> <tool> [key=value ...]`: calls a tool with an app (MCP Apps,
 * SEP-1865) and serves its app on loopback until Ctrl-C. The one-time URL is printed;
 * the browser opens only with --open. What the app asks (a call that may destroy, a
 * link) is asked here, on the terminal; off a terminal it is refused. Its requests are
 * logged on stderr as they come.
 */
export function registerApp(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  withTarget(program.command('app <server> <tool> [pairs...]').description("open a tool's MCP App in the browser: mcpdeck app <server> <tool> key=value ..."))
    .option('--open', 'open the app in the browser at once (otherwise the link is printed)')
    .action((server: string, tool: string, pairs: string[], options: AppOptions) =>
      run(() =>
        onServer(options, inv, server, ['tools'], async ({ deck, name, state }) => {
          const found = state.tools.find((t) => t.name === tool || t.qualifiedName === tool);
          if (!found) throw new UserError(`${name} has no tool named "${sanitizeLine(tool)}" (see \`mcpdeck tools ${name}\`)`);
          if (!appResourceUri(found)) throw new UserError(`${sanitizeLine(found.name)} has no app: its definition names no ui:// resource (_meta.ui.resourceUri)`);
          let args: Record<string, unknown>;
          try {
            args = coerceArguments(pairs, found.inputSchema, { strict: true });
          } catch (error) {
            if (error instanceof CoerceError) throw new UserError(error.message);
            throw error;
          }
          const { url, session } = await deck.apps.open(name, found, args);
          process.stdout.write(`${url}\n`);
          process.stderr.write(`serving ${sanitizeLine(found.name)}'s app at that link (it works once, in one browser); Ctrl-C stops\n`);
          if (options.open) {
            await openInBrowser(url, inv.env).catch((error: Error) => process.stderr.write(`could not open the browser: ${sanitizeLine(error.message)}; open the link yourself\n`));
          }
          const shown = new Set<number>();
          const offLog = session.log.subscribe(() => {
            for (const e of session.log.getSnapshot()) {
              const key = e.id * 10 + ['waiting', 'asking', 'done', 'refused', 'failed', 'notice'].indexOf(e.status);
              if (shown.has(key)) continue;
              shown.add(key);
              process.stderr.write(`app: ${logLine(e)}\n`);
            }
          });
          const prompter = new LinePrompter(process.stdin, process.stderr);
          const asked = new Set<number>();
          const answer = (q: AppQuestion) => {
            if (!process.stdin.isTTY) {
              process.stderr.write(`${questionText(q)}: refused (no terminal to ask on)\n`);
              return deck.apps.questions.respond(q.id, false);
            }
            void prompter
              .converse(new AbortController().signal, async (ask) => /^y(es)?$/i.test((await ask(`${questionText(q)}. Allow? [y/N] `)).trim()))
              .then((yes) => deck.apps.questions.respond(q.id, yes), (error: unknown) => (error instanceof PromptEnded ? deck.apps.questions.respond(q.id, false) : Promise.reject(error)));
          };
          const offQuestions = deck.apps.questions.subscribe(() => {
            for (const q of deck.apps.questions.getSnapshot()) if (!asked.has(q.id)) (asked.add(q.id), answer(q));
          });
          await new Promise<void>((resolve) => onInterrupt(resolve));
          offLog();
          offQuestions();
          await deck.apps.close(session.id);
          return Exit.ok;
        }),
      ),
    );
}
