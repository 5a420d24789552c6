import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { VERSION } from '../../util/version.js';
import type { EndedSpan } from './trace-context.js';

/**
 * mcpdeck's own spans, sent with OpenTelemetry's OTLP/HTTP exporter to
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (else OTEL_EXPORTER_OTLP_ENDPOINT + `/v1/traces`).
 * Loaded only when one is set. The spans carry the ids already sent on the wire: the
 * SDK takes them from its id generator, which is told each span's ids as it is made.
 */
export function otlpExporter(env: NodeJS.ProcessEnv): { export: (span: EndedSpan) => void; close: () => Promise<void> } {
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '');
  const url = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || `${base}/v1/traces`;
  const next = { traceId: '', spanId: '' };
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || 'mcpdeck', 'service.version': VERSION }),
    idGenerator: { generateTraceId: () => next.traceId, generateSpanId: () => next.spanId },
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url }), scheduledDelayMillis: 1000 })],
  });
  const tracer = provider.getTracer('mcpdeck', VERSION);
  return {
    export(span) {
      next.traceId = span.traceId;
      next.spanId = span.spanId;
      const parent = span.parentSpanId
        ? trace.setSpanContext(ROOT_CONTEXT, { traceId: span.traceId, spanId: span.parentSpanId, traceFlags: parseInt(span.flags, 16), isRemote: true })
        : ROOT_CONTEXT;
      const made = context.with(parent, () => tracer.startSpan(span.name, { kind: span.kind === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL, startTime: span.start, attributes: span.attributes }, parent));
      if (span.error) made.setStatus({ code: SpanStatusCode.ERROR, message: span.error });
      made.end(span.end);
    },
    close: () => provider.shutdown(),
  };
}
