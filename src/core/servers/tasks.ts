import type { Clock } from '../clock.js';
import { taskError, type CallOptions } from '../mcp/call.js';
import type { CallToolResult, Progress, SendOptions } from '../mcp/types.js';
import { followTask, strip, type InputAnswerer, type TaskRequests } from '../mcp/tasks.js';
import { isTerminal, type DetailedTask, type TaskView } from '../mcp/task-wire.js';
import { TaskWatch, type TaskPushes } from '../mcp/task-watch.js';

/** A task as the deck knows it: its last state, and what started it when that was us. */
export interface TaskEntry extends TaskView {
  /** The tool whose call became this task (a call made here). */
  tool?: string;
  /** When mcpdeck last saw its state (ms). */
  seenAt: number;
  /** The last progress the server reported for it (2025-11-25: on the call's progressToken). */
  progress?: Pick<Progress, 'progress' | 'total' | 'message'>;
}

/** The most tasks kept per server: the newest win. */
const MAX_TASKS = 200;
/** The most `tasks/list` pages followed. */
const MAX_PAGES = 20;

export interface TaskListing {
  tasks: TaskEntry[];
  /** `server`: the server's own list (2025 tasks/list); `known`: the tasks started from here (2026-07-28 has no list). */
  from: 'server' | 'known';
}

/** What the task requests need of the live session. */
export interface LiveTasks {
  requests: TaskRequests;
  /** 2026-07-28: who answers what a task asks. */
  answer?: InputAnswerer;
  pushes?: TaskPushes;
}

/** Runs `fn` on the server's live session (failing with the reason when there is none), the person's `_meta` added. */
export type OnSession = <T>(fn: (live: LiveTasks) => Promise<T>, meta?: Record<string, unknown>) => Promise<T>;

/**
 * One server's tasks: those its calls became (live, from their updates) and those the
 * server lists. Kept across sessions (a task outlives its connection); each change is
 * a new array for the server's state. While someone watches (the Tasks tab), the running
 * tasks no call of ours follows are looked at again: pushed where the server pushes,
 * else asked for at their poll interval (TaskWatch).
 */
export class ServerTasks {
  private entries: TaskEntry[] = [];
  /** Tasks a call of ours follows: it looks at them itself. */
  private readonly followed = new Set<string>();
  /** The running tasks looked at again for the watchers, each with what stops it. */
  private readonly looking = new Map<string, AbortController>();
  private watchers = 0;

  constructor(
    private readonly publish: (tasks: readonly TaskEntry[]) => void,
    private readonly onSession: OnSession,
    private readonly clock: Clock,
  ) {}

  /** A new state of a task (a call's update, a tasks/get, a list, a push). */
  private seen(task: TaskView, tool?: string): TaskEntry {
    return this.change(task.taskId, (before) => ({ ...before, ...task, tool: tool ?? before?.tool, seenAt: this.clock.now() }));
  }

  private change(taskId: string, next: (before: TaskEntry | undefined) => TaskEntry): TaskEntry {
    const at = this.entries.findIndex((e) => e.taskId === taskId);
    const entry = next(this.entries[at]);
    // A task keeps its place as it changes (the Tasks tab does not jump); a new one goes first.
    this.entries = at < 0 ? [entry, ...this.entries].slice(0, MAX_TASKS) : this.entries.map((e, i) => (i === at ? entry : e));
    this.publish(this.entries);
    this.lookAgain();
    return entry;
  }

  /**
   * The hooks a call of `tool` reports through: its task kept here as it changes, with the
   * progress reported for it, and passed on. `done` when the call has ended.
   */
  follow(tool: string, options: Pick<CallOptions, 'onTask' | 'onProgress'>): Required<Pick<CallOptions, 'onTask' | 'onProgress'>> & { done: () => void } {
    let taskId: string | undefined;
    return {
      onTask: (task) => {
        taskId = task.taskId;
        this.followed.add(taskId);
        this.seen(task, tool);
        options.onTask?.(task);
      },
      onProgress: (progress) => {
        const { progress: value, total, message } = progress;
        if (taskId) this.change(taskId, (before) => ({ ...before!, progress: { progress: value, total, message } }));
        options.onProgress?.(progress);
      },
      done: () => {
        if (taskId && this.followed.delete(taskId)) this.lookAgain();
      },
    };
  }

  /** The tasks of this server: its own list where it offers one (2025), else the ones known here. */
  list({ meta, ...options }: SendOptions = {}): Promise<TaskListing> {
    return this.onSession(async ({ requests }) => {
      if (requests.era === 'modern' || !requests.listed) {
        // No list to ask for: each running task is asked about instead (one that is gone keeps its last state).
        const running = this.entries.filter((e) => !isTerminal(e.status));
        await Promise.all(running.map((e) => requests.get(e.taskId, options).then((task) => this.seen(strip(task)), () => undefined)));
        return { tasks: [...this.entries], from: 'known' };
      }
      const found: TaskView[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const next = await requests.list(cursor, options);
        found.push(...next.tasks);
        cursor = next.nextCursor;
        if (!cursor) break;
      }
      // Newest first, as the server's own order may not be.
      const tasks = found.reverse().map((task) => this.seen(task));
      return { tasks: tasks.sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '')), from: 'server' };
    }, meta);
  }

  /** One task's state now (tasks/get). */
  get(taskId: string, { meta, ...options }: SendOptions = {}): Promise<TaskEntry> {
    return this.onSession(async ({ requests }) => this.seen(strip(await requests.get(taskId, options))), meta);
  }

  /** Asks the server to cancel it, then looks again (cancelling is cooperative: it may still finish). */
  cancel(taskId: string, { meta, ...options }: SendOptions = {}): Promise<TaskEntry> {
    return this.onSession(async ({ requests }) => {
      await requests.cancel(taskId, options);
      return this.seen(strip(await requests.get(taskId, options)));
    }, meta);
  }

  /**
   * Its result, waiting for the end when it is still running (answering what it asks on
   * the way, as a call would): `signal` stops the wait, not the task.
   */
  result(taskId: string, { meta, signal = new AbortController().signal }: SendOptions = {}): Promise<CallToolResult> {
    return this.onSession(async ({ requests, answer, pushes }) => {
      const first = await requests.get(taskId, { signal });
      return followTask(requests, first, { signal, answer, pushes, clock: this.clock, onUpdate: (task) => this.seen(task) });
    }, meta).catch((error: unknown) => {
      throw taskError(error) ?? error;
    });
  }

  /** Running tasks are looked at again until the returned function is called (the Tasks tab, while open). */
  watch(): () => void {
    this.watchers++;
    this.lookAgain();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.watchers--;
      this.lookAgain();
    };
  }

  /** Stops every look (the session closes with the deck, or the server is turned off): no timer is left behind. */
  close(): void {
    for (const stop of this.looking.values()) stop.abort();
    this.looking.clear();
  }

  /** Looks at the running tasks no call follows while watched; stops looking at the rest. */
  private lookAgain(): void {
    const wanted = new Set(this.watchers ? this.entries.filter((e) => !isTerminal(e.status) && !this.followed.has(e.taskId)).map((e) => e.taskId) : []);
    for (const [taskId, stop] of this.looking) {
      if (wanted.has(taskId)) continue;
      this.looking.delete(taskId);
      stop.abort();
    }
    for (const taskId of wanted) if (!this.looking.has(taskId)) this.look(taskId);
  }

  /** Follows one task's state until it ends or the look is stopped; a failed request ends it (the next list or watch starts again). */
  private look(taskId: string): void {
    const stop = new AbortController();
    this.looking.set(taskId, stop);
    const looked = this.onSession(async ({ requests, pushes }) => {
      const watch = new TaskWatch(requests, taskId, pushes, this.clock);
      try {
        let task: DetailedTask | undefined = this.entries.find((e) => e.taskId === taskId);
        while (task && !isTerminal(task.status) && !stop.signal.aborted) {
          task = await watch.next(task, stop.signal);
          this.seen(strip(task));
        }
      } finally {
        watch.stop();
      }
    });
    void looked.catch(() => undefined).finally(() => {
      if (this.looking.get(taskId) === stop) this.looking.delete(taskId);
    });
  }
}
