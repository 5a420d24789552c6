import type { Command } from 'commander';
import { taskFields, taskLine } from '../../core/calls/task-text.js';
import { noTasksReason } from '../../core/mcp/task-wire.js';
import type { TaskEntry } from '../../core/servers/tasks.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { Exit, UserError } from '../exit-codes.js';
import { itemList } from '../format.js';
import { renderOutcome } from '../render-result.js';
import { isAdhoc, type Invocation } from '../target.js';
import { onServer, printJson, splitWords, withRequest, type RequestCommandOptions, type RequestContext } from '../request.js';
import { withAnswers } from '../elicit/options.js';

type Run = (fn: () => Promise<number>) => void;
const ACTIONS = ['list', 'get', 'cancel', 'result'] as const;
type Action = (typeof ACTIONS)[number];

/**
 * `mcpdeck tasks <server> [list | get <id> | cancel <id> | result <id>]`: the tasks a server
 * knows (2025-11-25: its tasks/list; 2026-07-28 has none, so only tasks this command
 * started, which is none), one task's state, cancelling one, and its result.
 */
export function registerTasks(program: Command, inv: Invocation, run: Run): void {
  withAnswers(withRequest(program.command('tasks [server] [action] [id]').description('a server\'s tasks: mcpdeck tasks <server> [list | get <id> | cancel <id> | result <id>]')))
    .action((first: string | undefined, second: string | undefined, third: string | undefined, options: RequestCommandOptions) =>
      run(async () => {
        const { server, rest } = splitWords(isAdhoc(options, inv), [first, second, third]);
        const [word = 'list', id] = rest;
        if (!(ACTIONS as readonly string[]).includes(word)) throw new UserError(`"${word}" is not a tasks action: list, get <id>, cancel <id> or result <id>`);
        const action = word as Action;
        if (action !== 'list' && !id) throw new UserError(`name the task: mcpdeck tasks <server> ${action} <id> (see \`mcpdeck tasks <server>\`)`);
        return onServer(options, inv, server, [], (ctx) => {
          const none = noTasksReason(ctx.state.protocolEra, ctx.state.capabilities);
          if (none) throw new UserError(`${ctx.name} does not offer tasks: ${none}`, Exit.protocol);
          return action === 'list' ? list(ctx) : one(ctx, action, id!);
        });
      }),
    );
}

async function list(ctx: RequestContext): Promise<number> {
  const { tasks, from } = await ctx.deck.listTasks(ctx.name, ctx.send);
  if (ctx.json) printJson({ from, tasks });
  else if (!tasks.length) {
    const why = from === 'known' ? ' (it keeps no list of its tasks: 2026-07-28 servers answer only about a task id you give)' : '';
    process.stdout.write(`${ctx.name} has no tasks${why}\n`);
  } else process.stdout.write(`${itemList(tasks.map((t) => ({ label: t.taskId, extra: taskLine(t), description: t.createdAt && `created ${t.createdAt}` })), process.stdout)}\n`);
  return Exit.ok;
}

async function one(ctx: RequestContext, action: Exclude<Action, 'list'>, id: string): Promise<number> {
  if (action === 'result') {
    const result = await ctx.deck.taskResult(ctx.name, id, ctx.send);
    const isError = result.isError === true;
    if (ctx.json) printJson({ taskId: id, result, isError });
    else {
      const { stdout, stderr } = renderOutcome({ result, isError, durationMs: 0 });
      process.stdout.write(stdout ? `${stdout}\n` : '');
      // No duration: the task ran before this command asked.
      process.stderr.write(stderr.replace(/\n?took \d+ ms$/, '').concat(isError ? '\n' : ''));
    }
    return isError ? Exit.toolError : Exit.ok;
  }
  const task: TaskEntry = action === 'get' ? await ctx.deck.getTask(ctx.name, id, ctx.send) : await ctx.deck.cancelTask(ctx.name, id, ctx.send);
  if (ctx.json) printJson(task);
  else {
    if (action === 'cancel') process.stderr.write(`asked ${ctx.name} to cancel ${sanitizeLine(id)} (tasks/cancel); the server decides when it stops\n`);
    process.stdout.write(`${taskFields(task).map(([label, value]) => `${label}: ${value}`).join('\n')}\n`);
  }
  return Exit.ok;
}
