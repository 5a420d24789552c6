// Tasks from the command line, run as a person runs it (bin/mcpdeck.js, the bundle):
// `call --task` and `tasks <server> [list | get | cancel | result]`, against
// server-everything (2025-11-25 tasks) and the 2026-07-28 tasks-extension fixture, whose
// HTTP mode keeps tasks between commands.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandbox } from './helpers/cli.js';
import { EVERYTHING } from './helpers/everything.js';

const TASKS_SERVER = fileURLToPath(new URL('../fixtures/servers/tasks-server.mjs', import.meta.url));
const OPTIONAL = fileURLToPath(new URL('../fixtures/servers/optional-task.mjs', import.meta.url));
const TASK_PROGRESS = fileURLToPath(new URL('../fixtures/servers/task-progress.mjs', import.meta.url));
const box = sandbox();
const everything = (...args: string[]) => runCli([...args, '--', process.execPath, EVERYTHING, 'stdio'], box);

// Each test starts server-everything of its own, whose tasks take seconds of the server's
// simulated work: they run side by side, so those waits overlap.
describe.concurrent('tasks from the CLI, 2025-11-25 (server-everything)', () => {
  it('tools tags the task-required tool', async () => {
    const run = await everything('tools');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/simulate-research-query .*\[task required\]/);
  });

  it('call runs a task-required tool as a task: status on stderr, the report on stdout', async () => {
    const run = await everything('call', 'simulate-research-query', 'topic=tides');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Research Report: tides/);
    expect(run.stderr).toMatch(/^task \S+: working · Gathering sources\.\.\. · ttl 5 min$/m);
    expect(run.stderr).toMatch(/^task \S+: completed/m);
  });

  it('call prints the progress a task reports after the call became it to stderr, as for a plain call', async () => {
    const run = await runCli(['call', 'count', 'to=3', '--', process.execPath, TASK_PROGRESS], box);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('counted to 3\n');
    for (const i of [1, 2, 3]) expect(run.stderr).toMatch(new RegExp(`^progress ${i}/3 counted ${i}$`, 'm'));
  });

  it('call --json carries the task as last seen', async () => {
    const run = await everything('call', 'simulate-research-query', 'topic=tides', '--json');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { result: { content: { text: string }[] }; isError: boolean; task: { taskId: string; status: string; ttlMs: number } };
    expect(out.task).toMatchObject({ status: 'completed', ttlMs: 300000 });
    expect(out.result.content[0]!.text).toMatch(/Research Report/);
  });

  it('call --task on a tool that runs no task says so before anything is sent (exit 2)', async () => {
    const run = await everything('call', 'echo', 'message=hi', '--task');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/echo does not run as a task \(its execution.taskSupport is forbidden\): call it without --task/);
  });

  it('call --task runs an optional-task tool as a task; without it, a plain call', async () => {
    const optional = (...args: string[]) => runCli([...args, '--', process.execPath, OPTIONAL], box);
    expect((await optional('tools')).stdout).toMatch(/slow_sum .*\[task\]/);
    const asTask = await optional('call', 'slow_sum', 'a=2', 'b=3', '--task', '--task-ttl', '60', '--json');
    expect(asTask.code).toBe(0);
    expect(JSON.parse(asTask.stdout)).toMatchObject({ task: { status: 'completed', ttlMs: 60000 }, result: { content: [{ text: 'sum: 5' }] } });
    const plain = await optional('call', 'slow_sum', 'a=2', 'b=3', '--json');
    expect(JSON.parse(plain.stdout)).toMatchObject({ task: null, result: { content: [{ text: 'sum: 5' }] } });
  });

  it('a task-required tool on a server that offers no tasks is refused before sending, not with -32601', async () => {
    const run = await runCli(['call', 'needs_task', 'a=1', 'b=1', '--', process.execPath, OPTIONAL, 'no-tasks'], box);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/needs_task runs only as a task, and the server does not offer tasks for tools\/call/);
    expect(run.stderr).not.toMatch(/-32601/);
  });

  it('tasks on a server that offers none says so (exit 5), not that it has none', async () => {
    const run = await runCli(['tasks', '--', process.execPath, OPTIONAL, 'no-tasks'], box);
    expect(run.code).toBe(5);
    expect(run.stderr).toMatch(/^mcpdeck: adhoc does not offer tasks: it declares no "tasks" capability$/m);
    expect(run.stdout).toBe('');
  });

  it('tasks lists the server\'s tasks (tasks/list), as text and JSON', async () => {
    const run = await everything('tasks', '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ from: 'server', tasks: [] });
    const text = await everything('tasks');
    expect(text.stdout).toBe('adhoc has no tasks\n');
  });

  it('tasks get of an unknown id is the server\'s refusal (exit 5)', async () => {
    const run = await everything('tasks', 'get', 'no-such-task');
    expect(run.code).toBe(5);
    expect(run.stderr).toMatch(/^mcpdeck: the server refused the request: .*Task not found \(error -32602\)$/m);
  });

  it('a wrong action or a missing id is bad input (exit 2)', async () => {
    expect((await everything('tasks', 'stop', 'x')).stderr).toMatch(/"stop" is not a tasks action: list, get <id>, cancel <id> or result <id>/);
    const missing = await everything('tasks', 'get');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/name the task: mcpdeck tasks <server> get <id>/);
  });
});

describe('tasks from the CLI, 2026-07-28 (the tasks extension over HTTP)', () => {
  let child: ChildProcess;
  let url: string;
  const remote = (...args: string[]) => runCli([...args, '--url', url], box);

  beforeAll(async () => {
    child = spawn(process.execPath, [TASKS_SERVER, 'http'], { env: { ...process.env, PORT: '0', STEP_MS: '200' }, stdio: ['ignore', 'pipe', 'inherit'] });
    url = await new Promise<string>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(d.toString().replace('listening on ', '').trim())));
  });
  afterAll(() => {
    child?.kill();
  });

  it('call follows the task the server made of it; tasks get and result find it again by id', async () => {
    const run = await remote('call', 'research', 'topic=tides', '--json');
    expect(run.code).toBe(0);
    const { task, result } = JSON.parse(run.stdout) as { task: { taskId: string; status: string }; result: { content: { text: string }[] } };
    expect(task.status).toBe('completed');
    expect(result.content[0]!.text).toBe('report on tides');
    expect(run.stderr).toMatch(/^task \S+: working · starting · ttl 1 min$/m);

    const got = await remote('tasks', 'get', task.taskId);
    expect(got.code).toBe(0);
    expect(got.stdout).toEqual(expect.stringContaining(`task: ${task.taskId}\nstatus: completed\nmessage: done\n`));
    const json = JSON.parse((await remote('tasks', 'get', task.taskId, '--json')).stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ taskId: task.taskId, status: 'completed', ttlMs: 60000, pollIntervalMs: 100 });

    const fetched = await remote('tasks', 'result', task.taskId);
    expect(fetched.code).toBe(0);
    expect(fetched.stdout).toBe('report on tides\n');
    expect(JSON.parse((await remote('tasks', 'result', task.taskId, '--json')).stdout)).toMatchObject({ taskId: task.taskId, isError: false, result: { content: [{ type: 'text', text: 'report on tides' }] } });
  });

  it('tasks cancel stops a task another command left running; its result then says cancelled (exit 130)', async () => {
    // Ctrl-C (or a timeout) would cancel it: a command killed outright leaves it running on the server.
    const started = await runCli(['call', 'research', 'topic=long', 'steps=200', '--url', url], box, (cli, output) => {
      cli.stderr!.on('data', () => /task \S+: working/.test(output.stderr) && cli.kill('SIGKILL'));
    });
    const id = /task (\S+): working/.exec(started.stderr)?.[1];
    expect(id).toBeDefined();
    const cancelled = await remote('tasks', 'cancel', id!, '--json');
    expect(cancelled.code).toBe(0);
    expect(JSON.parse(cancelled.stdout)).toMatchObject({ taskId: id, status: 'cancelled' });
    const result = await remote('tasks', 'result', id!);
    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(/the task was cancelled/);
  });

  it('tasks result waits for a task still running, answering what it asks on the way', async () => {
    // Left running by a command killed outright; nothing but the wait keeps the next one alive.
    const leave = (...args: string[]) => runCli(['call', 'research', ...args, '--url', url], box, (cli, output) => {
      cli.stderr!.on('data', () => /task \S+: working/.test(output.stderr) && cli.kill('SIGKILL'));
    });
    const plain = /task (\S+): working/.exec((await leave('topic=patience', 'steps=6')).stderr)?.[1];
    const waited = await remote('tasks', 'result', plain!);
    expect(waited.code).toBe(0);
    expect(waited.stdout).toBe('report on patience\n');
    const asking = /task (\S+): working/.exec((await leave('topic=python', 'ambiguous=true', 'steps=4')).stderr)?.[1];
    const answers = join(box.cwd, 'meaning.json');
    writeFileSync(answers, JSON.stringify({ meaning: 'language' }));
    const answered = await remote('tasks', 'result', asking!, '--answers', answers);
    expect(answered.stderr).not.toMatch(/Warning|unsettled/);
    expect(answered.code).toBe(0);
    expect(answered.stdout).toBe('report on python (language)\n');
  });

  it('a task question nothing can answer fails the call as on 2025 (exit 2, said once) and does not leave the task waiting', async () => {
    const run = await remote('call', 'research', 'topic=python', 'ambiguous=true', 'steps=4');
    expect(run.code).toBe(2);
    expect(run.stderr.split('there is no terminal to answer it')).toHaveLength(2);
    const id = /task (\S+): input required/.exec(run.stderr)?.[1];
    expect(JSON.parse((await remote('tasks', 'get', id!, '--json')).stdout)).toMatchObject({ taskId: id, status: 'cancelled' });
  });

  it('a failed task exits 5 with the server\'s reason; tasks lists none (the extension keeps no list)', async () => {
    const failed = await remote('call', 'doomed');
    expect(failed.code).toBe(5);
    expect(failed.stderr).toMatch(/the task failed: the disk is full/);
    expect(JSON.parse((await remote('tasks', '--json')).stdout)).toEqual({ from: 'known', tasks: [] });
  });
});
