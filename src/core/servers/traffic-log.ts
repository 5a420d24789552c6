import type { JSONRPCMessage } from '../mcp/types.js';
import { boundedJson } from '../calls/bounded-json.js';
import type { TrafficEntry } from '../mcp/tap.js';
import { createStore, type Store, type WritableStore } from '../store.js';
import { appendBounded } from './log-messages.js';
import { traceIdOf } from '../tracing/trace-context.js';

const MAX_TRAFFIC_ENTRIES = 500;
/** Larger messages are kept as a preview: 500 copies of a 5 MB resource would not fit in memory. */
export const MAX_KEPT_MESSAGE = 256 * 1024;
const PREVIEW = 16 * 1024;
/** Requests never answered must not grow the pairing table for ever. */
const MAX_PENDING = 1000;

type TrafficKind = 'request' | 'notification' | 'response' | 'error';

export interface TrafficRow extends Omit<TrafficEntry, 'message'> {
  /** The length of the message's JSON (as terminalJson writes it). */
  size: number;
  /** Counts every message of this server ever logged, so a view keeps its place while old ones drop off. */
  seq: number;
  kind: TrafficKind;
  /** For responses and errors: the method of the request they answer, when it was seen. */
  method?: string;
  /** The W3C trace of a request (its `_meta.traceparent`), and of the answer to it. */
  traceId?: string;
  /** The message, unless it was larger than MAX_KEPT_MESSAGE. */
  message?: JSONRPCMessage;
  /** The start of the JSON of a message too large to keep. */
  preview?: string;
}

interface ServerTraffic {
  store: WritableStore<readonly TrafficRow[]>;
  seq: number;
  /** Request method and trace by `direction:id`, until its answer arrives. */
  pending: Map<string, { method: string; traceId?: string }>;
}

function kindOf(message: JSONRPCMessage): TrafficKind {
  if ('method' in message) return 'id' in message ? 'request' : 'notification';
  return 'error' in message ? 'error' : 'response';
}

const key = (direction: TrafficEntry['direction'], id: string | number) => `${direction}:${typeof id}:${id}`;

/** The last JSON-RPC messages of each server, both ways, with answers paired to their requests. */
export class TrafficLog {
  private readonly servers = new Map<string, ServerTraffic>();

  constructor(private readonly max = MAX_TRAFFIC_ENTRIES) {}

  push(server: string, entry: TrafficEntry): void {
    const traffic = this.traffic(server);
    const kind = kindOf(entry.message);
    let method = entry.method;
    let traceId = kind === 'request' ? traceIdOf(entry.message) : undefined;
    if (kind === 'request' && entry.id !== undefined && method) {
      traffic.pending.delete(key(entry.direction, entry.id));
      traffic.pending.set(key(entry.direction, entry.id), { method, traceId });
      if (traffic.pending.size > MAX_PENDING) traffic.pending.delete(traffic.pending.keys().next().value!);
    } else if ((kind === 'response' || kind === 'error') && entry.id !== undefined) {
      // An answer travels the other way from its request.
      const asked = key(entry.direction === 'in' ? 'out' : 'in', entry.id);
      ({ method, traceId } = traffic.pending.get(asked) ?? {});
      traffic.pending.delete(asked);
    }
    const { message, ...rest } = entry;
    // Measured without writing it (as fast as JSON.stringify, without its 50 MB string for a
    // 50 MB result); only a message too large to keep is walked again, to write its start.
    const size = boundedJson(message, 0, 0).total;
    const kept = size <= MAX_KEPT_MESSAGE ? { message } : { preview: boundedJson(message, 0, PREVIEW).text };
    const row: TrafficRow = { ...rest, size, seq: traffic.seq++, kind, ...(method !== undefined && { method }), ...(traceId && { traceId }), ...kept };
    traffic.store.update((rows) => appendBounded(rows, row, this.max));
  }

  /** One server's messages, oldest first: a store for useSyncExternalStore. */
  of(server: string): Store<readonly TrafficRow[]> {
    const { store } = this.traffic(server);
    return { subscribe: store.subscribe, getSnapshot: store.getSnapshot };
  }

  private traffic(server: string): ServerTraffic {
    let traffic = this.servers.get(server);
    if (!traffic) this.servers.set(server, (traffic = { store: createStore<readonly TrafficRow[]>([]), seq: 0, pending: new Map() }));
    return traffic;
  }
}
