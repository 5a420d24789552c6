import type { Command } from 'commander';
import { terminalJson } from '../../util/json.js';
import { ToolCallError, type CallErrorKind } from '../../core/mcp/call.js';
import { CoerceError, coerceArguments } from '../../core/schema/coerce.js';
import { Exit, UserError } from '../exit-codes.js';
import { renderOutcome } from '../render-result.js';
import { ADHOC_NAME, connectOne, isAdhoc, openDeck, pickServer, withTarget, type Invocation, type TargetOptions } from '../target.js';
import { isRecord } from '../../util/is-record.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { withAnswers } from '../elicit/options.js';

interface CallOptions extends TargetOptions {
  args?: string;
  json?: boolean;
  timeout?: string;
}

const EXIT_FOR: Record<CallErrorKind, number> = {
  'bad-arguments': Exit.badInput,
  'unknown-tool': Exit.badInput,
  'not-connected': Exit.connection,
  cancelled: Exit.interrupted,
  timeout: Exit.protocol,
  protocol: Exit.protocol,
  // Like a sign-in: the person must do something in a browser before the call can work.
  'url-elicitation-required': Exit.needsAuth,
  // Only when the retry on a new session failed too.
  'session-expired': Exit.connection,
  'needs-sign-in': Exit.needsAuth,
};

export function registerCall(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  withAnswers(withTarget(program.command('call <server> [tool] [pairs...]').description('call a tool: mcpdeck call <server> <tool> key=value ...')))
    .option('--args <json>', 'arguments as a JSON object (key=value pairs override it)')
    .option('--json', 'print the raw result, duration and output-schema check as JSON')
    .option('--timeout <seconds>', 'give up after this long without progress')
    .action((first: string, second: string | undefined, rest: string[], options: CallOptions) =>
      run(async () => {
        const adhoc = isAdhoc(options, inv);
        // With --url or `-- command` there is no server name: the first word is the tool.
        const [server, tool, pairs] = adhoc ? [undefined, first, [second, ...rest].filter((p): p is string => !!p)] : [first, second, rest];
        if (!tool) throw new UserError('name a tool: mcpdeck call <server> <tool> [key=value ...] (see `mcpdeck tools <server>`)');
        const deck = await openDeck(options, inv, { only: adhoc ? undefined : [server!], lists: ['tools'] });
        const abort = new AbortController();
        const onSigint = () => abort.abort();
        process.once('SIGINT', onSigint);
        try {
          const name = pickServer(deck, server, adhoc);
          const state = await connectOne(deck, name);
          const schema = state.tools.find((t) => t.name === tool || t.qualifiedName === tool)?.inputSchema;
          const args = { ...parseArgsJson(options.args), ...coerce(pairs, schema) };
          const outcome = await deck.callTool(name, tool, args, {
            signal: abort.signal,
            timeout: options.timeout ? Number(options.timeout) * 1000 : undefined,
            onProgress: (p) => {
              const total = p.total ? `/${p.total}` : '';
              process.stderr.write(`progress ${p.progress}${total}${p.message ? ` ${sanitizeLine(p.message)}` : ''}\n`);
            },
          });
          if (options.json) {
            process.stdout.write(`${terminalJson({ result: outcome.result, isError: outcome.isError, durationMs: Math.round(outcome.durationMs), output: outcome.output ?? null }, 2)}\n`);
          } else {
            const { stdout, stderr } = renderOutcome(outcome);
            process.stdout.write(stdout ? `${stdout}\n` : '');
            process.stderr.write(`${stderr}\n`);
          }
          // A question the options could not answer failed on the server's side: say it was the input.
          if (deck.requests.getSnapshot().notices.some((n) => n.kind === 'failed')) return Exit.badInput;
          return outcome.isError ? Exit.toolError : Exit.ok;
        } catch (error) {
          if (error instanceof ToolCallError && error.kind === 'url-elicitation-required') await (await import('../elicit/pages.js')).offerPages(error, options, adhoc ? ADHOC_NAME : server!);
          if (error instanceof ToolCallError && error.kind === 'needs-sign-in') throw new UserError(`${error.message}\n  ${signInAgainHint(adhoc ? undefined : server)}`, Exit.needsAuth);
          if (error instanceof ToolCallError) throw new UserError(error.message, EXIT_FOR[error.kind]);
          throw error;
        } finally {
          process.off('SIGINT', onSigint);
          await deck.close();
        }
      }),
    );
}

/** A wider scope is asked for by the call itself (step-up): the same command, allowed to sign in. */
function signInAgainHint(server: string | undefined): string {
  const login = `mcpdeck auth login ${server ?? '--url <url>'}`;
  return `run the call again with --sign-in auto (or --sign-in ask on a terminal) to sign in for it in the browser; ${login} signs in with the server's base scopes only`;
}

function parseArgsJson(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UserError(`--args is not valid JSON: ${(error as Error).message}`);
  }
  if (!isRecord(value)) throw new UserError('--args must be a JSON object, like \'{"key": "value"}\'');
  return value;
}

function coerce(pairs: string[], schema: object | undefined): Record<string, unknown> {
  try {
    return coerceArguments(pairs, schema);
  } catch (error) {
    if (error instanceof CoerceError) throw new UserError(error.message);
    throw error;
  }
}
