import type { Command } from 'commander';
import { terminalJson } from '../../util/json.js';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ToolCallError, type CallOutcome } from '../../core/mcp/call.js';
import type { CallToolResult } from '../../core/mcp/types.js';
import { CoerceError, coerceArguments } from '../../core/schema/coerce.js';
import { loadValidator, uncheckedReason, validate } from '../../core/schema/validator.js';
import { Exit, UserError } from '../exit-codes.js';
import { renderOutcome } from '../render-result.js';
import { ADHOC_NAME, isAdhoc, withTarget, type Invocation, type TargetOptions } from '../target.js';
import { isRecord } from '../../util/is-record.js';
import { sanitize, sanitizeLine } from '../../util/sanitize.js';
import { onServer, withRequestMeta, type RequestCommandOptions } from '../request.js';
import { withAnswers } from '../elicit/options.js';
import type { TaskView } from '../../core/mcp/task-wire.js';
import { taskLine } from '../../core/calls/task-text.js';
import { saveCallAsTest, saveTestKinds, withSaveTest, type SaveTestOptions } from '../save-test.js';

interface CallOptions extends TargetOptions, RequestCommandOptions, SaveTestOptions {
  args?: string;
  text?: boolean;
  task?: boolean;
  taskTtl?: string;
  /** false with --no-validate. */
  validate: boolean;
}

export function registerCall(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  withSaveTest(withRequestMeta(withAnswers(withTarget(program.command('call <server> [tool] [pairs...]').description('call a tool: mcpdeck call <server> <tool> key=value ...')))))
    .option('--args <json>', 'arguments as a JSON object (key=value pairs override it); - reads it from stdin, @file from a file')
    .option('--json', 'print the raw result, duration and output-schema check as JSON')
    .option('--text', 'print only the text content, as sent (e.g. to copy a file: > copy)')
    .option('--timeout <seconds>', 'give up after this long without progress')
    .option('--task', 'run it as a task (a tool whose taskSupport is optional; one that requires it always is): its status goes to stderr')
    .option('--task-ttl <seconds>', 'with a task: how long the server should keep it (it may choose another)')
    .option('--no-validate', "send the arguments without checking them against the tool's input schema (to test the server's own checks)")
    .action((first: string, second: string | undefined, rest: string[], options: CallOptions) =>
      run(async () => {
        const adhoc = isAdhoc(options, inv);
        // With --url or `-- command` there is no server name: the first word is the tool.
        const [server, tool, pairs] = adhoc ? [undefined, first, [second, ...rest].filter((p): p is string => !!p)] : [first, second, rest];
        if (!tool) throw new UserError('name a tool: mcpdeck call <server> <tool> [key=value ...] (see `mcpdeck tools <server>`)');
        if (options.json && options.text) throw new UserError('--json and --text each choose the output: give one of them');
        saveTestKinds(options);
        if (options.saveTest && adhoc) throw new UserError('--save-test needs a configured server: a saved test names the server it calls (add it with mcpdeck add)');
        const argsJson = await readArgsOption(options.args, inv.cwd);
        const taskTtl = ttlOption(options.taskTtl);
        return onServer(options, inv, server, ['tools'], async ({ deck, name, state, send }) => {
          const found = state.tools.find((t) => t.name === tool || t.qualifiedName === tool);
          const schema = found?.inputSchema;
          const args = { ...parseArgsJson(argsJson), ...coerce(pairs, schema, options.validate) };
          if (!options.validate) await warnUnchecked(schema, args);
          else if (schema) await warnPartlyChecked(schema);
          let outcome: CallOutcome;
          let task: TaskView | undefined;
          try {
            outcome = await deck.callTool(name, tool, args, {
              ...send,
              task: options.task,
              taskTtl,
              onTask: (seen) => {
                // A line per change, not per poll.
                if (!task || task.status !== seen.status || task.statusMessage !== seen.statusMessage) process.stderr.write(`task ${sanitizeLine(seen.taskId)}: ${taskLine(seen)}\n`);
                task = seen;
              },
              validate: options.validate,
              onProgress: (p) => {
                const total = p.total ? `/${p.total}` : '';
                process.stderr.write(`progress ${p.progress}${total}${p.message ? ` ${sanitizeLine(p.message)}` : ''}\n`);
              },
            });
          } catch (error) {
            if (error instanceof ToolCallError && error.kind === 'url-elicitation-required') await (await import('../elicit/pages.js')).offerPages(error, options, adhoc ? ADHOC_NAME : server!);
            if (error instanceof ToolCallError && error.kind === 'needs-sign-in') throw new UserError(`${error.message}\n  ${signInAgainHint(adhoc ? undefined : server)}`, Exit.needsAuth);
            throw error;
          }
          // A question the options could not answer failed on the server's side, and its reason was printed then.
          const refusals = deck.requests.getSnapshot().notices.flatMap((n) => (n.kind === 'failed' && n.reason ? [n.reason] : []));
          if (refusals.length && !options.json && outcome.isError && onlyEchoes(outcome.result, refusals)) return Exit.badInput;
          if (options.json) {
            process.stdout.write(`${terminalJson({ result: outcome.result, isError: outcome.isError, durationMs: Math.round(outcome.durationMs), output: outcome.output ?? null, task: task ?? null, traceId: outcome.traceId ?? null }, 2)}\n`);
          } else if (options.text) {
            process.stdout.write(textOnly(outcome.result, process.stdout.isTTY));
            if (outcome.isError) process.stderr.write('the tool reported an error (isError)\n');
          } else {
            const { stdout, stderr } = renderOutcome(outcome);
            process.stdout.write(stdout ? `${stdout}\n` : '');
            process.stderr.write(`${stderr}\n`);
          }
          if (options.saveTest && found) process.stderr.write(`${await saveCallAsTest(options, deck, { server: name, tool: found, args, outcome, unchecked: !options.validate })}\n`);
          // Say it was the input.
          if (refusals.length) return Exit.badInput;
          return outcome.isError ? Exit.toolError : Exit.ok;
        });
      }),
    );
}

/** --task-ttl in seconds, as the ms a task asks to be kept. */
function ttlOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new UserError(`--task-ttl "${value}" must be a number of seconds above 0`);
  return Math.round(seconds * 1000);
}

/**
 * Whether an error result says nothing but mcpdeck's own refusal coming back (as
 * server-everything reports a failed elicitation): printing it would say the reason twice.
 */
function onlyEchoes(result: CallToolResult, refusals: string[]): boolean {
  return result.content.length > 0 && result.content.every((b) => b.type === 'text' && refusals.some((r) => b.text.includes(r)));
}

/** A wider scope is asked for by the call itself (step-up): the same command, allowed to sign in. */
function signInAgainHint(server: string | undefined): string {
  const login = `mcpdeck auth login ${server ?? '--url <url>'}`;
  return `run the call again with --sign-in auto (or --sign-in ask on a terminal) to sign in for it in the browser; ${login} signs in with the server's base scopes only`;
}

/**
 * The text content alone, for a pipe: exactly as sent (a file read by a tool is copied
 * byte for byte), blocks one after another. On a terminal it is sanitized like the rest.
 */
function textOnly(result: CallToolResult, terminal: boolean | undefined): string {
  const text = result.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');
  return terminal ? `${sanitize(text)}${text.endsWith('\n') ? '' : '\n'}` : text;
}

/** --args as given: `-` is stdin, `@file` a file (relative to where the person stands), anything else JSON itself. */
async function readArgsOption(value: string | undefined, cwd: string): Promise<string | undefined> {
  if (value === '-') {
    if (process.stdin.isTTY) throw new UserError('--args - reads the JSON from stdin: pipe it in (echo \'{"key": "value"}\' | mcpdeck call ...)');
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
  if (value?.startsWith('@')) {
    const file = resolve(cwd, value.slice(1));
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      throw new UserError(`--args ${value}: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }
  return value;
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

/** With --no-validate, says on stderr what the schema finds wrong with what is sent anyway. */
async function warnUnchecked(schema: object | undefined, args: Record<string, unknown>): Promise<void> {
  await loadValidator();
  const problems = schema ? validate(schema, args) : undefined;
  if (!problems || problems.valid) return;
  process.stderr.write(`sent unchecked (--no-validate): the arguments fail the schema: ${sanitizeLine(problems.errors.join('; '))}\n`);
}

/** A schema checked only in part (a pattern RE2 cannot run) says so: the rest is still checked. */
async function warnPartlyChecked(schema: object): Promise<void> {
  await loadValidator();
  const reason = uncheckedReason(schema);
  if (reason) process.stderr.write(`warning: ${sanitizeLine(reason)}\n`);
}

function coerce(pairs: string[], schema: object | undefined, strict: boolean): Record<string, unknown> {
  try {
    return coerceArguments(pairs, schema, { strict });
  } catch (error) {
    if (error instanceof CoerceError) throw new UserError(error.message);
    throw error;
  }
}
