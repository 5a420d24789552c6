import { SdkError, SdkErrorCode, type Client, type McpSubscription, type SubscriptionFilter } from '@modelcontextprotocol/client';
import { formatDuration } from '../../util/text.js';

/** What a 2026-07-28 server is asked to send on the listen stream. */
export interface ListenFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
  /** The Tasks extension: the tasks whose changes the server pushes (`notifications/tasks`). */
  taskIds?: string[];
}

/** A stream that ends without the server's word is opened again this many times in a row, then given up. */
const REOPENS = 3;
/**
 * How long a stream gets to open. Nothing else waits for it (lists and calls have their
 * own answers), and behind a proxy that buffers whole responses it never opens at all.
 */
const OPEN_WITHIN_MS = 5_000;
/** A stream that did not open is tried again after 5 s, 10 s, 20 s, … at most this far apart. */
const RETRY_MAX_MS = 5 * 60_000;

/**
 * The one `subscriptions/listen` stream of a 2026-07-28 session. That revision sends
 * `list_changed` and `resources/updated` only on a stream the client opened, with the
 * filter it asked for; a new filter (a resource or task watched or let go) replaces the stream.
 * The notifications reach the same handlers a 2025 session's unsolicited ones do.
 */
export class ListenStream {
  private current?: McpSubscription;
  private filter: ListenFilter = {};
  private generation = 0;
  private reopened = 0;
  /** Opens that failed in a row: each waits twice as long before the next. */
  private failedOpens = 0;
  private retry?: NodeJS.Timeout;
  /** Stops a stream still opening: nobody waits for it to open, so a close can come first. */
  private opening?: AbortController;
  /** Says when live updates go off (the stream would not open) and on again. */
  onnote?: (level: 'warning' | 'info', text: string) => void;

  constructor(
    private readonly client: Client,
    private readonly timeout: number,
    /** The stream kept failing: the session cannot hear the server's changes any more. */
    private readonly onLost: (why: string) => void,
  ) {}

  /** Adds to what is asked for, without asking yet: the next update asks for all of it. */
  merge(change: ListenFilter): void {
    this.filter = { ...this.filter, ...change };
  }

  /**
   * Asks for the filter with `change` from now on (nothing asked: no stream). Rejects when
   * the stream does not open; it is then tried again with backoff until it does.
   */
  async update(change: ListenFilter): Promise<void> {
    this.merge(change);
    this.reopened = 0;
    await this.open();
  }

  async close(): Promise<void> {
    this.generation++;
    clearTimeout(this.retry);
    // Aborted, the SDK tells the server too (notifications/cancelled), as for an open stream.
    this.opening?.abort(new Error('closed before it opened'));
    this.opening = undefined;
    const current = this.current;
    this.current = undefined;
    await current?.close().catch(() => undefined);
  }

  private async open(): Promise<void> {
    await this.close();
    const generation = this.generation;
    if (isEmpty(this.filter)) return;
    // The SDK's filter type knows only the core fields; it sends the filter as it is given.
    let subscription: McpSubscription;
    const opening = (this.opening = new AbortController());
    try {
      subscription = await this.client.listen(this.filter as SubscriptionFilter, { timeout: Math.min(this.timeout, OPEN_WITHIN_MS), signal: opening.signal });
    } catch (error) {
      if (generation === this.generation) this.retryLater(error as Error);
      throw error;
    }
    if (generation !== this.generation) return void subscription.close();
    this.opening = undefined;
    if (this.failedOpens) this.onnote?.('info', 'live updates on: the listen stream opened');
    this.failedOpens = 0;
    this.current = subscription;
    void subscription.closed.then((how) => {
      // 'local': we closed it; 'graceful': the server ended it on purpose (shutting down).
      if (how !== 'remote' || generation !== this.generation) return;
      if (++this.reopened > REOPENS) return this.onLost(`the server's change stream (subscriptions/listen) dropped ${REOPENS} times in a row`);
      // One that will not open again is retried with backoff (retryLater); the session stays.
      this.open().catch(() => undefined);
    });
  }

  /** Live updates are off until a later try opens the stream: said once, not on every try. */
  private retryLater(error: Error): void {
    const wait = Math.min(OPEN_WITHIN_MS * 2 ** this.failedOpens, RETRY_MAX_MS);
    if (this.failedOpens++ === 0) this.onnote?.('warning', `live updates off: ${whyNotOpen(error)}; trying again in ${formatDuration(wait)}, then less often`);
    const generation = this.generation;
    this.retry = setTimeout(() => {
      if (generation === this.generation) this.open().catch(() => undefined);
    }, wait);
    // A CLI command that is done must not stay alive for a retry.
    this.retry.unref();
  }
}

function whyNotOpen(error: Error): string {
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    return `the listen stream did not open (subscriptions/listen was not acknowledged within ${formatDuration(OPEN_WITHIN_MS)}; a proxy that buffers whole responses holds it back)`;
  }
  return `the listen stream did not open (${error.message})`;
}

function isEmpty(filter: ListenFilter): boolean {
  return !filter.toolsListChanged && !filter.promptsListChanged && !filter.resourcesListChanged && !filter.resourceSubscriptions?.length && !filter.taskIds?.length;
}
