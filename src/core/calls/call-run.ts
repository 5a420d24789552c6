import type { Deck } from '../deck.js';
import { ToolCallError, type CallErrorKind, type CallOutcome } from '../mcp/call.js';
import { createStore, type Store } from '../store.js';
import type { UrlElicitationNeeded } from '../elicitation/types.js';
import type { TaskView } from '../mcp/task-wire.js';

interface CallProgress {
  progress: number;
  total?: number;
  message?: string;
}

export interface CallState {
  phase: 'running' | 'done' | 'failed';
  startedAt: number;
  /** When it settled (done, failed or cancelled). */
  endedAt?: number;
  progress?: CallProgress;
  outcome?: CallOutcome;
  /** The call became a task: its state as last seen (status, message, TTL). */
  task?: TaskView;
  error?: { kind: CallErrorKind; message: string; details: string[]; elicitations?: UrlElicitationNeeded[] };
}

/** One tool call in flight, as a store a screen can draw; `cancel()` tells the server. */
export interface CallRun extends Store<CallState> {
  readonly server: string;
  readonly tool: string;
  readonly args: Record<string, unknown>;
  /** A fetch of a task's result: cancel() stops waiting, the task runs on. */
  readonly fetching?: boolean;
  /** Sent anyway: what the schema says is wrong with the arguments (the server was left to check them). */
  readonly invalid?: readonly string[];
  cancel(): void;
  /** Settles (never rejects) with the final state. */
  readonly settled: Promise<CallState>;
}

export interface StartCallOptions {
  /** Ms without progress before giving up; the deck's long default otherwise. */
  timeout?: number;
  /** Ask for a task (a tool whose taskSupport is optional; one that requires it always runs as one). */
  task?: boolean;
  now?: () => number;
  /** Send arguments that fail the schema, as they are: what is wrong with them. */
  invalid?: readonly string[];
}

export function startCall(
  deck: Pick<Deck, 'callTool'>,
  server: string,
  tool: string,
  args: Record<string, unknown>,
  options: StartCallOptions = {},
): CallRun {
  return runStore(server, tool, args, options, (signal, update) =>
    deck.callTool(server, tool, args, {
      signal,
      timeout: options.timeout,
      ...(options.invalid?.length && { validate: false }),
      task: options.task,
      // The last state seen stays on show with the result.
      onTask: (task) => update({ task }),
      onProgress: ({ progress, total, message }) => update({ progress: { progress, total, message } }),
    }),
  );
}

/**
 * A task's result fetched into the same view a call's result has (the Tasks tab): it
 * waits for the end of a task still running, and esc stops the wait (not the task).
 */
export function fetchTaskResult(deck: Pick<Deck, 'taskResult'>, server: string, task: TaskView & { tool?: string }, options: Pick<StartCallOptions, 'now'> = {}): CallRun {
  const run = runStore(server, task.tool ?? `task ${task.taskId}`, {}, options, async (signal, update) => {
    update({ task });
    const started = performance.now();
    const result = await deck.taskResult(server, task.taskId, { signal });
    return { result, isError: result.isError === true, durationMs: performance.now() - started };
  });
  return { ...run, fetching: true };
}

/** The store behind a call or a task fetch: the first way to settle wins, cancel() aborts `go`. */
function runStore(
  server: string,
  tool: string,
  args: Record<string, unknown>,
  options: Pick<StartCallOptions, 'now' | 'invalid'>,
  go: (signal: AbortSignal, update: (change: Pick<CallState, 'task' | 'progress'>) => void) => Promise<CallOutcome>,
): CallRun {
  const now = options.now ?? Date.now;
  const store = createStore<CallState>({ phase: 'running', startedAt: now() });
  const abort = new AbortController();
  // The first way to settle wins: a late reply after a cancel changes nothing.
  const settle = (next: Partial<CallState> & Pick<CallState, 'phase'>) =>
    store.update((s) => (s.phase === 'running' ? { ...s, ...next, endedAt: now() } : s));
  const fail = (error: unknown) => {
    const e = error instanceof ToolCallError ? error : new ToolCallError('protocol', (error as Error)?.message ?? String(error));
    const elicitations = e.elicitations.length ? { elicitations: e.elicitations } : {};
    settle({ phase: 'failed', error: { kind: e.kind, message: e.message, details: e.details, ...elicitations } });
  };
  const settled = (async () => {
    try {
      const outcome = await go(abort.signal, (change) => store.update((s) => (s.phase === 'running' ? { ...s, ...change } : s)));
      settle({ phase: 'done', outcome });
    } catch (error) {
      fail(error);
    }
    return store.getSnapshot();
  })();
  return {
    server,
    tool,
    args,
    ...(options.invalid?.length && { invalid: options.invalid }),
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    settled,
    cancel: () => {
      if (store.getSnapshot().phase !== 'running') return;
      fail(new ToolCallError('cancelled', 'the call was cancelled (the server was told)'));
      abort.abort();
    },
  };
}
