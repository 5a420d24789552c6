import type { RequestOptions } from '../mcp/types.js';
import { ToolCallError } from '../mcp/call.js';
import type { Session } from '../mcp/session.js';

type Client = Session['client'];

/** One watched resource, as the UI shows it. */
export interface SubscriptionState {
  /** notifications/resources/updated received for it, across sessions. */
  updates: number;
  /** When the last one arrived (ms since the epoch). */
  lastUpdate?: number;
  /** Why subscribing (or renewing it on a new session) failed; cleared by the next update. */
  error?: string;
}

export type Subscriptions = Record<string, SubscriptionState>;

/** The record of one URI: own keys only, since a server's URI may well be `constructor` or `__proto__`. */
export function subscriptionOf(subscriptions: Subscriptions | undefined, uri: string): SubscriptionState | undefined {
  return subscriptions && Object.hasOwn(subscriptions, uri) ? subscriptions[uri] : undefined;
}

/** A server that never answers a renewal must not hold its connection from becoming usable. */
const RENEW_TIMEOUT = 10_000;

/** On a 2026-07-28 session: asks the listen stream for exactly these URIs (there is no resources/subscribe). */
export type Relisten = (uris: string[]) => Promise<void>;

/**
 * The resources one server is subscribed to. It outlives sessions: a session is
 * a server process or an HTTP session, and a new one knows nothing of the old
 * one's subscriptions, so each fresh session gets them all again (`renew`).
 * A 2025 session is asked with resources/subscribe, one URI at a time; a 2026-07-28
 * one with the URI list of its listen stream.
 */
export class ResourceSubscriptions {
  private records: Subscriptions = {};
  /** Only this session's notifications and answers count: a late one from a closed session is stale. */
  private current?: Client;

  constructor(
    /** The server's name, for messages (a function: the connection's fields are not set yet when it builds this). */
    private readonly server: () => string,
    /** Publishes the new record set (a new object each time) to the server's state. */
    private readonly publish: (subscriptions: Subscriptions) => void,
    private readonly now: () => number = Date.now,
    /** The listen stream of a client's session, when it speaks 2026-07-28. */
    private readonly relistenOf: (client: Client) => Relisten | undefined = () => undefined,
  ) {}

  get uris(): string[] {
    return Object.keys(this.records);
  }

  has(uri: string): boolean {
    return Object.hasOwn(this.records, uri);
  }

  /** Sends resources/subscribe and keeps the URI for later sessions. */
  async subscribe(client: Client, uri: string, options?: RequestOptions): Promise<void> {
    this.listen(client);
    this.refuseWithoutCapability(client);
    const relisten = this.relistenOf(client);
    if (!relisten) await client.subscribeResource({ uri }, options);
    else await relisten([...new Set([...this.uris, uri])]);
    this.set(uri, subscriptionOf(this.records, uri) ?? { updates: 0 });
  }

  /** Forgets the URI first (so it is never renewed, even if the server fails to answer), then tells the server. */
  async unsubscribe(client: Client, uri: string, options?: RequestOptions): Promise<void> {
    this.forget(uri);
    const relisten = this.relistenOf(client);
    if (relisten) await relisten(this.uris);
    else await client.unsubscribeResource({ uri }, options);
  }

  /** Stops keeping a URI without telling the server: for a server that is not connected. */
  forget(uri: string): void {
    if (!this.has(uri)) return;
    const { [uri]: _gone, ...rest } = this.records;
    this.records = rest;
    this.publish(this.records);
  }

  /**
   * A fresh session: listens for updates on it, then subscribes again to every kept
   * URI. A URI that fails keeps its place with the reason, and the others go on.
   */
  async renew(client: Client): Promise<void> {
    this.listen(client);
    const uris = this.uris;
    if (!uris.length) return;
    const offered = Boolean(client.getServerCapabilities()?.resources?.subscribe);
    const relisten = this.relistenOf(client);
    if (relisten) {
      const error = await (offered ? relisten(uris) : Promise.reject(new Error(this.noCapability()))).then(
        () => undefined,
        (e: Error) => `renewing the subscriptions failed: ${e.message}`,
      );
      for (const uri of uris) {
        const record = subscriptionOf(this.records, uri);
        if (record && this.current === client) this.set(uri, { ...record, error });
      }
      return;
    }
    await Promise.all(uris.map(async (uri) => {
      let error: string | undefined;
      try {
        if (!offered) throw new Error(this.noCapability());
        await client.subscribeResource({ uri }, { timeout: RENEW_TIMEOUT });
      } catch (e) {
        error = `renewing the subscription failed: ${(e as Error).message}`;
      }
      const record = subscriptionOf(this.records, uri);
      if (record && this.current === client) this.set(uri, { ...record, error });
    }));
  }

  private listen(client: Client): void {
    if (this.current === client) return;
    this.current = client;
    client.setNotificationHandler('notifications/resources/updated', ({ params }) => {
      if (this.current !== client) return;
      const uri = this.watchedFor(params.uri);
      const record = uri === undefined ? undefined : subscriptionOf(this.records, uri);
      // Updates for URIs nobody asked about are dropped: a chatty server cannot grow our memory.
      if (uri === undefined || !record) return;
      this.set(uri, { updates: record.updates + 1, lastUpdate: this.now() });
    });
  }

  /** The spec lets an update name a sub-resource of the one subscribed to: count it there. */
  private watchedFor(uri: string): string | undefined {
    if (this.has(uri)) return uri;
    const parents = this.uris.filter((u) => uri.startsWith(u.endsWith('/') ? u : `${u}/`));
    return parents.sort((a, b) => b.length - a.length)[0];
  }

  private refuseWithoutCapability(client: Client): void {
    if (!client.getServerCapabilities()?.resources?.subscribe) throw new ToolCallError('protocol', this.noCapability());
  }

  private noCapability(): string {
    return `${this.server()} does not offer resource subscriptions (its resources capability has no "subscribe")`;
  }

  private set(uri: string, record: SubscriptionState): void {
    this.records = { ...this.records, [uri]: record };
    this.publish(this.records);
  }
}
