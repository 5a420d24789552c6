import type { Client, McpSubscription, SubscriptionFilter } from '@modelcontextprotocol/client';

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

  /** Asks for the filter with `change` from now on (nothing asked: no stream). */
  async update(change: ListenFilter): Promise<void> {
    this.merge(change);
    this.reopened = 0;
    await this.open();
  }

  async close(): Promise<void> {
    this.generation++;
    const current = this.current;
    this.current = undefined;
    await current?.close().catch(() => undefined);
  }

  private async open(): Promise<void> {
    await this.close();
    const generation = this.generation;
    if (isEmpty(this.filter)) return;
    // The SDK's filter type knows only the core fields; it sends the filter as it is given.
    const subscription = await this.client.listen(this.filter as SubscriptionFilter, { timeout: this.timeout });
    if (generation !== this.generation) return void subscription.close();
    this.current = subscription;
    void subscription.closed.then((how) => {
      // 'local': we closed it; 'graceful': the server ended it on purpose (shutting down).
      if (how !== 'remote' || generation !== this.generation) return;
      if (++this.reopened > REOPENS) return this.onLost(`the server's change stream (subscriptions/listen) dropped ${REOPENS} times in a row`);
      this.open().catch((error: Error) => this.onLost(`the server's change stream (subscriptions/listen) could not be opened again: ${error.message}`));
    });
  }
}

function isEmpty(filter: ListenFilter): boolean {
  return !filter.toolsListChanged && !filter.promptsListChanged && !filter.resourcesListChanged && !filter.resourceSubscriptions?.length && !filter.taskIds?.length;
}
