import type { FetchLike } from '../mcp/types.js';
import { createStore, type Store, type WritableStore } from '../store.js';
import { recordingFetch } from './recording-fetch.js';

const MAX_EXCHANGES = 500;
/** An SSE stream may last for hours: its first events are kept, and the count of all. */
export const MAX_SSE_EVENTS = 200;

export interface SseEvent {
  /** Milliseconds since the exchange started. */
  at: number;
  event: string;
  id?: string;
  /** The bytes of its data. */
  size: number;
  /** The start of its data (JSON-RPC, mostly), as sent. */
  preview: string;
}

/** One HTTP request and its response, as the Network view and the HAR show it: secrets already masked. */
export interface HttpExchange {
  /** Counts every exchange of this server ever recorded, so a view keeps its place while old ones drop off. */
  seq: number;
  /** Wall-clock start (ms since the epoch). */
  started: number;
  method: string;
  url: string;
  requestHeaders: [string, string][];
  /** -1 when the body is a stream whose size is not known up front. */
  requestBodySize: number;
  status?: number;
  statusText?: string;
  responseHeaders?: [string, string][];
  mimeType?: string;
  /** Bytes of the body read so far. */
  responseBodySize: number;
  /** Milliseconds: until the response's headers came, and until its body ended (unset while it streams). */
  wait?: number;
  total?: number;
  /** For a `text/event-stream` response: its events, the first MAX_SSE_EVENTS of them. */
  sse?: SseEvent[];
  sseCount?: number;
  /** The request failed (no response), or its body stopped with an error. */
  error?: string;
  /** Still streaming. */
  open: boolean;
}

interface ServerExchanges {
  store: WritableStore<readonly HttpExchange[]>;
  seq: number;
}

/**
 * Each remote server's HTTP exchanges, sign-ins included: its own store per server, so
 * traffic never redraws the dashboard. Bounded: the last 500 exchanges of each.
 */
export class NetworkLog {
  private readonly servers = new Map<string, ServerExchanges>();

  constructor(private readonly max = MAX_EXCHANGES, private readonly now: () => number = Date.now) {}

  /** A fetch that records what it sends and receives for `server`, over `base` (default: the global fetch). */
  fetchFor(server: string, base?: FetchLike): FetchLike {
    return recordingFetch(base, this.now, () => this.start(server), (seq, change) => this.patch(server, seq, change));
  }

  /** One server's exchanges, oldest first: a store for useSyncExternalStore. */
  of(server: string): Store<readonly HttpExchange[]> {
    const { store } = this.exchanges(server);
    return { subscribe: store.subscribe, getSnapshot: store.getSnapshot };
  }

  /** Every server's exchanges by name (for the HAR). */
  all(): [string, readonly HttpExchange[]][] {
    return [...this.servers].map(([name, { store }]) => [name, store.getSnapshot()]);
  }

  private start(server: string): (first: Omit<HttpExchange, 'seq'>) => number {
    return (first) => {
      const exchanges = this.exchanges(server);
      const seq = exchanges.seq++;
      exchanges.store.update((rows) => {
        const next = rows.length >= this.max ? rows.slice(rows.length + 1 - this.max) : rows.slice();
        next.push({ ...first, seq });
        return next;
      });
      return seq;
    };
  }

  private patch(server: string, seq: number, change: (row: HttpExchange) => HttpExchange): void {
    this.exchanges(server).store.update((rows) => {
      // The newest rows change: look from the end.
      for (let i = rows.length - 1; i >= 0; i--) {
        if (rows[i]!.seq !== seq) continue;
        const next = rows.slice();
        next[i] = change(rows[i]!);
        return next;
      }
      return rows;
    });
  }

  private exchanges(server: string): ServerExchanges {
    let found = this.servers.get(server);
    if (!found) this.servers.set(server, (found = { store: createStore<readonly HttpExchange[]>([]), seq: 0 }));
    return found;
  }
}
