import type { Client } from '@modelcontextprotocol/client';
import { systemClock, type Clock } from '../clock.js';
import { ANY_RESULT } from './list.js';
import { parseTask, type DetailedTask } from './task-wire.js';
import type { TaskRequests } from './tasks.js';

/** How often a task is asked about when its server suggests nothing, and the bounds on what it suggests. */
const DEFAULT_POLL_MS = 1000;
const MIN_POLL_MS = 100;
const MAX_POLL_MS = 5000;
/** Once the server pushes a task's changes, it is asked about only this rarely: in case its stream dropped unnoticed. */
const PUSHED_LOOK_MS = 30_000;

const pollInterval = (task: DetailedTask) => Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, task.pollIntervalMs ?? DEFAULT_POLL_MS));

/**
 * The 2026-07-28 pushes of task states (`notifications/tasks`, Tasks extension). The
 * server sends them only for the task ids the client names on its `subscriptions/listen`
 * stream: each watched id joins that stream's filter (`notifications.taskIds`), and
 * leaves it when nobody watches it any more.
 */
export class TaskPushes {
  /** Each gets the pushed states of its task, and undefined when the stream was opened again (what changed meanwhile was not pushed). */
  private readonly listeners = new Map<string, Set<(task: DetailedTask | undefined) => void>>();

  constructor(
    client: Client,
    /** Asks the listen stream for exactly these task ids from now on. */
    private readonly listen: (taskIds: string[]) => Promise<void>,
  ) {
    client.setNotificationHandler('notifications/tasks', { params: ANY_RESULT }, (params) => {
      const task = parseTask(params);
      if (!task) return;
      for (const listener of this.listeners.get(task.taskId) ?? []) listener(task);
    });
  }

  /** Hears each state the server pushes for the task from now on; returns what stops it. */
  watch(taskId: string, listener: (task: DetailedTask | undefined) => void): () => void {
    const listeners = this.listeners.get(taskId) ?? new Set();
    const fresh = !this.listeners.has(taskId);
    listeners.add(listener);
    this.listeners.set(taskId, listeners);
    if (fresh) this.relisten();
    return () => {
      listeners.delete(listener);
      if (listeners.size || this.listeners.get(taskId) !== listeners) return;
      this.listeners.delete(taskId);
      this.relisten();
    };
  }

  private relisten(): void {
    const opened = () => {
      for (const listeners of this.listeners.values()) for (const listener of listeners) listener(undefined);
    };
    // A stream that cannot be opened is said by the listen stream itself; polling goes on.
    this.listen([...this.listeners.keys()]).then(opened, () => undefined);
  }
}

/**
 * The states of one running task as they come: pushed by the server where it pushes,
 * else asked for (`tasks/get`) at the interval it suggests. Polling gives way once a push
 * has arrived.
 */
export class TaskWatch {
  private pushed?: DetailedTask;
  private heard = false;
  /** The push stream was opened again: one look, for what changed while it was closed. */
  private lookNow = false;
  private wake?: () => void;
  private readonly unwatch: () => void;

  constructor(
    private readonly requests: TaskRequests,
    taskId: string,
    pushes: TaskPushes | undefined,
    private readonly clock: Clock = systemClock,
  ) {
    this.unwatch = pushes?.watch(taskId, (task) => {
      if (task) {
        this.pushed = task;
        this.heard = true;
      } else {
        this.lookNow = true;
      }
      this.wake?.();
    }) ?? (() => undefined);
  }

  /** The task's next state after `task`; `also` ends the wait early (a 2025 tasks/result that ended). */
  async next(task: DetailedTask, signal: AbortSignal, also?: Promise<unknown>): Promise<DetailedTask> {
    signal.throwIfAborted();
    if (!this.pushed && !this.lookNow) await this.wait(this.heard ? PUSHED_LOOK_MS : pollInterval(task), signal, also);
    signal.throwIfAborted();
    this.lookNow = false;
    const pushed = this.pushed;
    this.pushed = undefined;
    return pushed ?? this.requests.get(task.taskId, { signal });
  }

  /** Until `ms` have passed, a push came, the signal aborted or `also` settled: whichever is first. */
  private wait(ms: number, signal: AbortSignal, also?: Promise<unknown>): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        cancel();
        signal.removeEventListener('abort', done);
        this.wake = undefined;
        resolve();
      };
      // The poll is the work a command waits for (`tasks result`): it keeps the process alive.
      const cancel = this.clock.after(ms, done, true);
      this.wake = done;
      signal.addEventListener('abort', done, { once: true });
      void also?.then(done, done);
    });
  }

  stop(): void {
    this.unwatch();
    this.wake?.();
  }
}
