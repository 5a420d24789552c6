import type { CallToolResult, Client, RequestOptions } from '@modelcontextprotocol/client';
import { ANY_RESULT } from './list.js';
import { isTerminal, parseTask, type DetailedTask, type TaskView } from './task-wire.js';
import type { ProtocolEra } from './types.js';
import { sanitizeLine } from '../../util/sanitize.js';
import type { Clock } from '../clock.js';
import { TaskWatch, type TaskPushes } from './task-watch.js';

/** 2025 `tasks/result` runs until the task ends (a person may be answering): the caller's signal decides. */
const NO_SDK_TIMEOUT = 2 ** 31 - 1;

/** Answers one question a 2026-07-28 task asks in `inputRequests` (elicitation, sampling, roots). */
export type InputAnswerer = (request: { method: string; params?: Record<string, unknown> }, signal: AbortSignal) => Promise<unknown>;

export interface TaskPage {
  tasks: TaskView[];
  nextCursor?: string;
}

/** The task requests of one session, in its generation's words. */
export class TaskRequests {
  constructor(
    private readonly client: Client,
    readonly era: ProtocolEra,
    private readonly meta?: Record<string, unknown>,
  ) {}

  private async send(method: string, params: Record<string, unknown>, options?: RequestOptions): Promise<Record<string, unknown>> {
    return this.client.request({ method, params: { ...params, ...(this.meta && { _meta: this.meta }) } }, ANY_RESULT, options);
  }

  /** 2025: the server lists its tasks (`tasks/list`). */
  get listed(): boolean {
    return Boolean(this.client.getServerCapabilities()?.tasks?.list);
  }

  async get(taskId: string, options?: RequestOptions): Promise<DetailedTask> {
    const task = parseTask(await this.send('tasks/get', { taskId }, options));
    if (!task) throw new Error(`the server's answer to tasks/get for ${sanitizeLine(taskId)} is not a task`);
    return task;
  }

  async cancel(taskId: string, options?: RequestOptions): Promise<void> {
    await this.send('tasks/cancel', { taskId }, options);
  }

  /** 2025 only: the tasks the server knows (`tasks/list`, where it offers it). */
  async list(cursor?: string, options?: RequestOptions): Promise<TaskPage> {
    const page = await this.send('tasks/list', cursor ? { cursor } : {}, options);
    const tasks = Array.isArray(page.tasks) ? page.tasks.flatMap((raw) => parseTask(raw) ?? []) : [];
    return { tasks, nextCursor: typeof page.nextCursor === 'string' ? page.nextCursor : undefined };
  }

  /**
   * The task's result once it has one. 2025: `tasks/result`, which waits for the end and
   * carries the server's queued questions meanwhile. 2026-07-28: inside `tasks/get`.
   */
  async result(taskId: string, options?: RequestOptions): Promise<CallToolResult> {
    if (this.era === 'legacy') return { content: [], ...(await this.send('tasks/result', { taskId }, { timeout: NO_SDK_TIMEOUT, ...options })) } as CallToolResult;
    const task = await this.get(taskId, options);
    return finalResult(task);
  }

  async update(taskId: string, inputResponses: Record<string, unknown>, options?: RequestOptions): Promise<void> {
    await this.send('tasks/update', { taskId, inputResponses }, options);
  }
}

/** Why a task ended without a result, as a task status says it. */
export class TaskEnded extends Error {
  constructor(
    readonly task: TaskView,
    message: string,
  ) {
    super(message);
  }
}

/** A finished 2026-07-28 task's result, or why there is none. */
function finalResult(task: DetailedTask): CallToolResult {
  if (task.status === 'completed' && task.result) return task.result;
  if (task.status === 'failed') throw new TaskEnded(task, `the task failed: ${sanitizeLine(task.error?.message ?? task.statusMessage ?? 'no reason given')}`);
  if (task.status === 'cancelled') throw new TaskEnded(task, 'the task was cancelled');
  throw new TaskEnded(task, `the task has no result yet (it is ${task.status.replace('_', ' ')})`);
}

export interface FollowOptions {
  signal: AbortSignal;
  /** Every state the task was seen in, the first included. */
  onUpdate: (task: TaskView) => void;
  /** 2026-07-28: who answers what the task asks. */
  answer?: InputAnswerer;
  /** 2026-07-28: the server's pushes of task states, where it offers them. */
  pushes?: TaskPushes;
  clock?: Clock;
}

/**
 * Follows a task to its end and returns its result: hears the states the server pushes,
 * else asks `tasks/get` at the interval it suggests (TaskWatch); answers what it asks
 * (2025: the questions arrive as ordinary server requests while `tasks/result` runs;
 * 2026-07-28: from `inputRequests`, sent back with `tasks/update`). Throws TaskEnded for
 * a failed or cancelled task.
 */
export async function followTask(requests: TaskRequests, first: DetailedTask, options: FollowOptions): Promise<CallToolResult> {
  const { signal } = options;
  const watch = new TaskWatch(requests, first.taskId, options.pushes, options.clock);
  const answered = new Set<string>();
  let waiting: Promise<CallToolResult> | undefined;
  let task = first;
  try {
    for (;;) {
      options.onUpdate(strip(task));
      if (isTerminal(task.status)) {
        if (requests.era === 'modern') return finalResult(task);
        if (task.status !== 'completed') return finalResult(task);
        return await (waiting ?? requests.result(task.taskId, { signal }));
      }
      if (task.status === 'input_required') {
        if (requests.era === 'legacy') waiting ??= requests.result(task.taskId, { signal });
        else await answerInputs(requests, task, answered, options);
      }
      // A 2025 tasks/result that ends first ends the wait: one more look gives the final status.
      task = await watch.next(task, signal, waiting);
    }
  } finally {
    watch.stop();
  }
}

async function answerInputs(requests: TaskRequests, task: DetailedTask, answered: Set<string>, options: FollowOptions): Promise<void> {
  const fresh = Object.entries(task.inputRequests ?? {}).filter(([key]) => !answered.has(key));
  if (!fresh.length || !options.answer) return;
  const responses: Record<string, unknown> = {};
  for (const [key, request] of fresh) {
    answered.add(key);
    responses[key] = await options.answer(request, options.signal);
  }
  await requests.update(task.taskId, responses, { signal: options.signal });
}

/** What the deck keeps of a task: its state, not the result or questions it carries. */
export function strip({ inputRequests: _i, result: _r, error: _e, ...view }: DetailedTask): TaskView {
  return view;
}
