import type { CallToolResult, RequestOptions } from '../mcp/types.js';
import { TaskRequests, followTask, type InputAnswerer } from '../mcp/tasks.js';
import type { TaskView } from '../mcp/task-wire.js';

/** A task as the deck knows it: its last state, and what started it when that was us. */
export interface TaskEntry extends TaskView {
  /** The tool whose call became this task (a call made here). */
  tool?: string;
  /** When mcpdeck last saw its state (ms). */
  seenAt: number;
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

/**
 * One server's tasks: those its calls became (live, from their updates) and those the
 * server lists. Kept across sessions (a task outlives its connection); each change is
 * a new array for the server's state.
 */
export class ServerTasks {
  private entries: TaskEntry[] = [];

  constructor(
    private readonly publish: (tasks: readonly TaskEntry[]) => void,
    private readonly now: () => number = Date.now,
  ) {}

  get all(): readonly TaskEntry[] {
    return this.entries;
  }

  /** A new state of a task (a call's update, a tasks/get, a list). */
  seen(task: TaskView, tool?: string): TaskEntry {
    const at = this.entries.findIndex((e) => e.taskId === task.taskId);
    const before = this.entries[at];
    const entry: TaskEntry = { ...before, ...task, tool: tool ?? before?.tool, seenAt: this.now() };
    // A task keeps its place as it changes (the Tasks tab does not jump); a new one goes first.
    this.entries = at < 0 ? [entry, ...this.entries].slice(0, MAX_TASKS) : this.entries.map((e, i) => (i === at ? entry : e));
    this.publish(this.entries);
    return entry;
  }

  /** What a call of `tool` reports as its task changes: kept here, and passed on. */
  observer(tool: string, then?: (task: TaskView) => void): (task: TaskView) => void {
    return (task) => {
      this.seen(task, tool);
      then?.(task);
    };
  }

  /** The tasks of this server: its own list where it offers one (2025), else the ones known here. */
  async list(requests: TaskRequests, listed: boolean, options?: RequestOptions): Promise<TaskListing> {
    if (requests.era === 'modern' || !listed) return { tasks: [...this.entries], from: 'known' };
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
  }

  async get(requests: TaskRequests, taskId: string, options?: RequestOptions): Promise<TaskEntry> {
    return this.seen(await requests.get(taskId, options));
  }

  /** Asks the server to cancel it, then looks again (cancelling is cooperative: it may still finish). */
  async cancel(requests: TaskRequests, taskId: string, options?: RequestOptions): Promise<TaskEntry> {
    await requests.cancel(taskId, options);
    return this.get(requests, taskId, options);
  }

  /**
   * Its result, waiting for the end when it is still running (answering what it asks on
   * the way, as a call would).
   */
  async result(requests: TaskRequests, taskId: string, options: { signal: AbortSignal; answer?: InputAnswerer }): Promise<CallToolResult> {
    const first = await requests.get(taskId, { signal: options.signal });
    return followTask(requests, first, { ...options, onUpdate: (task) => this.seen(task) });
  }
}
