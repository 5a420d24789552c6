import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import { StdioTransport } from './stdio-transport.js';
import { isRecord } from '../../util/is-record.js';
import { TRACE_META_KEYS, type RequestTrace } from '../tracing/trace-context.js';

export interface TrafficEntry {
  direction: 'out' | 'in';
  method?: string;
  id?: string | number;
  time: number;
  message: JSONRPCMessage;
}

/**
 * Wraps a transport to observe every JSON-RPC message both ways (the traffic log, the
 * requests still waiting) without touching the SDK's Protocol. It passes on what the SDK
 * reads off the transport it was given: the per-request streams of Streamable HTTP and
 * the `pid`/`stderr` by which it knows a stdio server (whose silence or exit during the
 * era probe means a 2025-era server, not an outage).
 */
export class TappedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  /** Set once the session speaks 2026-07-28. */
  modern = false;
  /** Messages the server sent: none at all tells a server that died before it said anything. */
  received = 0;
  /** Our requests still waiting for their answer. */
  private readonly waiting = new Set<string | number>();
  /** The spans of our requests still waiting, ended by their answers. */
  private readonly spans = new Map<string | number, RequestTrace>();
  /** Those of them that asked for progress. */
  private readonly withProgress = new Set<string | number>();

  constructor(
    readonly inner: Transport,
    private readonly onTraffic: (entry: TrafficEntry) => void,
    /** A span for each request we send: its `traceparent` goes into the request's `_meta` (SEP-414); it ends with the answer. */
    private readonly span?: (method: string) => RequestTrace,
  ) {
    // The SDK tells a stdio server by these two names (its era probe reads silence or an
    // exit as a 2025-era server there, and as an outage elsewhere).
    if (inner instanceof StdioTransport) {
      Object.defineProperty(this, 'pid', { get: () => inner.pid });
      Object.defineProperty(this, 'stderr', { get: () => null });
    }
    inner.onclose = () => {
      for (const span of this.spans.values()) span.end('the connection closed');
      this.spans.clear();
      this.onclose?.();
    };
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => {
      this.received++;
      this.record('in', message);
      // The spec says a client MUST take a result without `resultType` as complete; the
      // SDK refuses it on a 2026-07-28 session. Said for it here.
      if (this.modern && 'result' in message && isRecord(message.result) && !('resultType' in message.result)) {
        message = { ...message, result: { ...message.result, resultType: 'complete' } };
      }
      // The SDK hands notifications to their handlers a tick later than responses: the
      // last progress of a call, read in the same chunk as its result, would reach a
      // handler already gone. Such a response waits one turn.
      const id = 'id' in message && !('method' in message) ? message.id : undefined;
      if (id !== undefined && this.withProgress.delete(id)) setImmediate(() => this.onmessage?.(message, extra));
      else this.onmessage?.(message, extra);
    };
  }

  get inFlight(): number {
    return this.waiting.size;
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  get hasPerRequestStream(): boolean | undefined {
    return (this.inner as { hasPerRequestStream?: boolean }).hasPerRequestStream;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.span && 'method' in message && 'id' in message) message = this.traced(message, this.span);
    this.record('out', message);
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  setSupportedProtocolVersions(versions: string[]): void {
    this.inner.setSupportedProtocolVersions?.(versions);
  }

  /** The request with a `traceparent` of a new span (and `tracestate`, `baggage` when given) in its `_meta`; one the person set (`--meta`) is kept. */
  private traced(message: JSONRPCMessage & { id: string | number; method: string; params?: { _meta?: Record<string, unknown> } }, span: (method: string) => RequestTrace): JSONRPCMessage {
    const meta = message.params?._meta;
    if (meta && TRACE_META_KEYS.traceparent in meta) return message;
    const trace = span(message.method);
    this.spans.get(message.id)?.end();
    this.spans.set(message.id, trace);
    const { traceparent, tracestate, baggage } = trace;
    const context = { [TRACE_META_KEYS.traceparent]: traceparent, ...(tracestate && { [TRACE_META_KEYS.tracestate]: tracestate }), ...(baggage && { [TRACE_META_KEYS.baggage]: baggage }) };
    return { ...message, params: { ...message.params, _meta: { ...meta, ...context } } } as JSONRPCMessage;
  }

  private record(direction: 'in' | 'out', message: JSONRPCMessage): void {
    const method = 'method' in message ? message.method : undefined;
    const id = 'id' in message ? message.id : undefined;
    if (id !== undefined && direction === 'out' && method) {
      this.waiting.add(id);
      const meta = (message as { params?: { _meta?: { progressToken?: unknown } } }).params?._meta;
      if (meta?.progressToken !== undefined) this.withProgress.add(id);
    }
    if (id !== undefined && direction === 'in' && !method) {
      this.waiting.delete(id);
      const span = this.spans.get(id);
      if (span) {
        this.spans.delete(id);
        span.end('error' in message ? message.error.message : undefined);
      }
    }
    // No serializing here: only a traffic log that keeps the message needs its size.
    this.onTraffic({ direction, method, id, time: Date.now(), message });
  }
}

