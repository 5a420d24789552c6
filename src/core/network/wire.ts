import type { FetchLike } from '../mcp/types.js';
import { Tracing, type EndedSpan } from '../tracing/trace-context.js';
import { NetworkLog } from './network-log.js';

export interface WireOptions {
  /** A W3C traceparent to join (`--traceparent`, `MCPDECK_TRACEPARENT`); unset: a new trace per hand call. */
  traceparent?: string;
  /** Sent along in `_meta` as given: the joined trace's `tracestate`, and `baggage` (`MCPDECK_TRACESTATE`, `MCPDECK_BAGGAGE`). */
  tracestate?: string;
  baggage?: string;
  /** Record each remote server's HTTP exchanges (the deck's Network view, `--trace-http`). */
  network?: boolean;
  /** Write the exchanges as a HAR 1.2 file here when the deck closes (`--trace-http`). */
  harPath?: string;
  /** Where OTEL_EXPORTER_OTLP_ENDPOINT is read: set, mcpdeck's own spans are exported (tracing/otlp.ts, loaded only then). */
  env?: NodeJS.ProcessEnv;
}

/** What mcpdeck puts on the wire besides the messages: trace context on every request, and the HTTP exchanges recorded. */
export class Wire {
  readonly tracing: Tracing;
  /** Each remote server's HTTP exchanges, sign-ins included; unset when not recorded. */
  readonly network?: NetworkLog;
  private readonly exporter?: Promise<{ export: (span: EndedSpan) => void; close: () => Promise<void> } | undefined>;

  constructor(private readonly options: WireOptions = {}) {
    this.tracing = new Tracing(options.traceparent, options);
    if (options.network || options.harPath) this.network = new NetworkLog();
    const env = options.env ?? {};
    if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT) {
      // Spans that end while the exporter loads wait for it; a failure to load costs the export only.
      const exporter = import('../tracing/otlp.js').then((m) => m.otlpExporter(env)).catch(() => undefined);
      this.exporter = exporter;
      this.tracing.onSpan = (span) => void exporter.then((e) => e?.export(span));
    }
  }

  /** The fetch under every request to one server (recording, when recorded); undefined: the global fetch. */
  fetchFor = (server: string): FetchLike | undefined => this.network?.fetchFor(server);

  /** What a connection's transport gets: a span per request, and the recording fetch. */
  hooks = (server: string) => ({ traceSpan: (method: string) => this.tracing.request(method, { 'mcpdeck.server': server }), baseFetch: this.fetchFor(server) });

  /** Writes the HAR, when one was asked for, and sends the spans not sent yet. */
  async close(): Promise<void> {
    await (await this.exporter)?.close();
    if (!this.options.harPath || !this.network) return;
    const { writeHar } = await import('./har.js');
    writeHar(this.options.harPath, this.network.all());
  }
}
