import type { Deck } from '../deck.js';
import { ToolCallError, type CallErrorKind, type CallOutcome } from '../mcp/call.js';
import { createStore, type Store } from '../store.js';
import type { UrlElicitationNeeded } from '../elicitation/types.js';

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
  error?: { kind: CallErrorKind; message: string; details: string[]; elicitations?: UrlElicitationNeeded[] };
}

/** One tool call in flight, as a store a screen can draw; `cancel()` tells the server. */
export interface CallRun extends Store<CallState> {
  readonly server: string;
  readonly tool: string;
  readonly args: Record<string, unknown>;
  /** Sent anyway: what the schema says is wrong with the arguments (the server was left to check them). */
  readonly invalid?: readonly string[];
  cancel(): void;
  /** Settles (never rejects) with the final state. */
  readonly settled: Promise<CallState>;
}

export interface StartCallOptions {
  /** Ms without progress before giving up; the deck's long default otherwise. */
  timeout?: number;
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
      const outcome = await deck.callTool(server, tool, args, {
        signal: abort.signal,
        timeout: options.timeout,
        ...(options.invalid?.length && { validate: false }),
        onProgress: ({ progress, total, message }) =>
          store.update((s) => (s.phase === 'running' ? { ...s, progress: { progress, total, message } } : s)),
      });
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
