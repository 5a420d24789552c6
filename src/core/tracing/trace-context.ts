import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/) as MCP carries it: SEP-414
 * reserves the unprefixed `_meta` keys `traceparent`, `tracestate` and `baggage`.
 */
export const TRACE_META_KEYS = { traceparent: 'traceparent', tracestate: 'tracestate', baggage: 'baggage' } as const;

export interface TraceParent {
  traceId: string;
  /** The span this one is a child of (the caller's, for a joined trace). */
  spanId: string;
  /** `01`: sampled. */
  flags: string;
}

/** One trace a run of requests shares: a hand call, or a whole `test` or `fuzz` run. */
export interface Trace {
  traceId: string;
  /** The span every request of the trace is a child of: the caller's (joined), or the run's own root span. */
  parentSpanId?: string;
  flags: string;
  /** A trace begun here: its root span (`parentSpanId`) is mcpdeck's, named so. */
  root?: string;
}

/** A span that ended: a request (`kind: 'client'`) or a run's root span, for an exporter. */
export interface EndedSpan extends RequestSpan {
  name: string;
  kind: 'client' | 'internal';
  start: number;
  end: number;
  error?: string;
  attributes: Record<string, string | number>;
}

const HEADER = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** A `traceparent` value, or undefined for one that is not valid (all-zero ids and version ff are not). */
export function parseTraceparent(value: string): TraceParent | undefined {
  const match = HEADER.exec(value.trim().toLowerCase());
  if (!match) return undefined;
  const [, version, traceId, spanId, flags] = match as unknown as [string, string, string, string, string];
  if (version === 'ff' || /^0+$/.test(traceId) || /^0+$/.test(spanId)) return undefined;
  return { traceId, spanId, flags };
}

export const formatTraceparent = (p: TraceParent): string => `00-${p.traceId}-${p.spanId}-${p.flags}`;

const hex = (bytes: number) => {
  for (;;) {
    const id = randomBytes(bytes).toString('hex');
    if (!/^0+$/.test(id)) return id;
  }
};
const newSpanId = (): string => hex(8);
const newTraceId = (): string => hex(16);

/** A request's span: its ids and its place in the trace, for the trace on show and OTLP. */
export interface RequestSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  flags: string;
}

/**
 * Which trace each request belongs to. `run` gives a piece of work (a hand call, a run of
 * tests) a trace of its own, unless it runs inside one already; each request then gets a
 * span of its own in it. A request outside any run (connecting, listing) starts its own
 * trace, or joins the trace given (`--traceparent`, `MCPDECK_TRACEPARENT`).
 */
export class Tracing {
  private readonly current = new AsyncLocalStorage<Trace>();
  /** The trace joined for the whole process, when one was given. */
  readonly joined?: Trace;

  /** The joined trace's `tracestate` and the `baggage` to send along (`MCPDECK_TRACESTATE`, `MCPDECK_BAGGAGE`), as given. */
  private readonly along: { tracestate?: string; baggage?: string };

  constructor(traceparent?: string, along: { tracestate?: string; baggage?: string } = {}) {
    // A tracestate belongs to the trace it came with: without one joined, it says nothing.
    this.along = { ...(traceparent && along.tracestate && { tracestate: along.tracestate }), ...(along.baggage && { baggage: along.baggage }) };
    if (!traceparent) return;
    const parent = parseTraceparent(traceparent);
    if (!parent) throw new Error(`traceparent "${traceparent}" is not a W3C traceparent (00-<32 hex>-<16 hex>-<2 hex>)`);
    this.joined = { traceId: parent.traceId, parentSpanId: parent.spanId, flags: parent.flags };
  }

  /** The trace running here, if any. */
  get active(): Trace | undefined {
    return this.current.getStore();
  }

  /** Spans as they end (set when they are exported: OTLP). */
  onSpan?: (span: EndedSpan) => void;

  /** A trace for a piece of work (`name`): the joined one, when one was given, else a new one with a root span of its own. */
  begin(name = 'mcpdeck'): Trace {
    return this.joined ?? { traceId: newTraceId(), parentSpanId: newSpanId(), flags: '01', root: name };
  }

  /**
   * Runs `fn` in `trace`, else in the trace already running, else in a new one (`begin`).
   * A trace begun here ends its root span when `fn` settles.
   */
  run<T>(fn: (trace: Trace) => T, trace?: Trace, name?: string): T {
    const running = this.current.getStore();
    if (!trace && running) return fn(running);
    const chosen = trace ?? this.begin(name);
    const start = Date.now();
    const result = this.current.run(chosen, () => fn(chosen));
    const { root, parentSpanId } = chosen;
    if (root && parentSpanId && this.onSpan && result instanceof Promise) {
      const end = (error?: string) => this.onSpan?.({ traceId: chosen.traceId, spanId: parentSpanId, flags: chosen.flags, name: root, kind: 'internal', start, end: Date.now(), attributes: {}, ...(error && { error }) });
      result.then(() => end(), (error: Error) => end(error?.message ?? String(error)));
    }
    return result;
  }

  /** A new span for one request, in the trace running here (else joined, else new). */
  span(): RequestSpan {
    const trace = this.current.getStore() ?? this.joined ?? { traceId: newTraceId(), flags: '01' };
    return { traceId: trace.traceId, spanId: newSpanId(), flags: trace.flags, ...(trace.parentSpanId && { parentSpanId: trace.parentSpanId }) };
  }

  /** A request's span, started now: its `traceparent`, and `end` to call when its answer came (or none will). */
  request(method: string, attributes: Record<string, string | number> = {}): RequestTrace {
    const span = this.span();
    const start = Date.now();
    let ended = false;
    return {
      traceparent: formatTraceparent(span),
      ...(this.along.tracestate && span.traceId === this.joined?.traceId && { tracestate: this.along.tracestate }),
      ...(this.along.baggage && { baggage: this.along.baggage }),
      end: (error) => {
        if (ended) return;
        ended = true;
        this.onSpan?.({ ...span, name: method, kind: 'client', start, end: Date.now(), attributes: { 'mcp.method.name': method, ...attributes }, ...(error && { error }) });
      },
    };
  }
}

export interface RequestTrace {
  traceparent: string;
  tracestate?: string;
  baggage?: string;
  end(error?: string): void;
}

/** The trace id of a message's `_meta.traceparent`, if it carries a valid one. */
export function traceIdOf(message: unknown): string | undefined {
  const meta = (message as { params?: { _meta?: Record<string, unknown> } } | undefined)?.params?._meta;
  const value = meta?.[TRACE_META_KEYS.traceparent];
  return typeof value === 'string' ? parseTraceparent(value)?.traceId : undefined;
}
