// mcpdeck's own spans through OpenTelemetry's OTLP/HTTP exporter, received by a collector
// stand-in: the ids the spans carry are the ones that went on the wire.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTraceparent } from '../../src/core/tracing/trace-context.js';
import { fixtureServer } from '../helpers/servers.js';
import { deckWith, waitForStatus } from './helpers/deck.js';
import { runCli, sandbox } from './helpers/cli.js';

interface OtlpSpan { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; status?: { code?: number }; attributes: { key: string; value: { stringValue?: string } }[] }
interface OtlpExport { resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] }; scopeSpans: { spans: OtlpSpan[] }[] }[] }

let collector: Server;
let endpoint = '';
const received: { path: string; body: OtlpExport }[] = [];
beforeAll(async () => {
  collector = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    received.push({ path: req.url ?? '', body: JSON.parse(body) as OtlpExport });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => collector.close(() => resolve())));

const spans = () => received.flatMap((r) => r.body.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans)));

function recorder(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'mcpdeck-otlp-')), 'meta.jsonl');
  writeFileSync(file, '');
  return file;
}

describe('OTLP export (OTEL_EXPORTER_OTLP_ENDPOINT set)', () => {
  it('sends a client span per request and a root span per call, with the ids sent in _meta', async () => {
    const file = recorder();
    const deck = await deckWith({ meta: fixtureServer('records-meta.mjs', file) }, { env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: `${endpoint}/` } });
    await deck.connectAll();
    await waitForStatus(deck, 'meta', ['connected']);
    const { traceId } = await deck.callTool('meta', 'echo', { text: 'a' });
    await deck.close();
    expect(received.map((r) => r.path)).toContain('/v1/traces');
    const service = received[0]!.body.resourceSpans[0]!.resource.attributes.find((a) => a.key === 'service.name');
    expect(service?.value.stringValue).toBe('mcpdeck');
    const sent = JSON.parse(readFileSync(file, 'utf8').trim().split('\n').find((l) => l.includes('"tools/call"'))!) as { meta: { traceparent: string } };
    const wire = parseTraceparent(sent.meta.traceparent)!;
    const call = spans().find((s) => s.spanId === wire.spanId);
    expect(call).toMatchObject({ traceId, name: 'tools/call', kind: 3 });
    expect(call!.attributes).toContainEqual({ key: 'mcpdeck.server', value: { stringValue: 'meta' } });
    const root = spans().find((s) => s.spanId === call!.parentSpanId);
    expect(root).toMatchObject({ traceId, name: 'tools/call echo', kind: 1 });
    expect(root!.parentSpanId ?? '').toBe('');
    // Connecting and listing are traces of their own, exported too.
    expect(spans().some((s) => s.name === 'tools/list' && s.traceId !== traceId)).toBe(true);
  });

  it('a joined trace: spans are children of the given parent; an unsampled one exports nothing', async () => {
    received.length = 0;
    const deck = await deckWith({ meta: fixtureServer('records-meta.mjs', recorder()) }, {
      env: { ...process.env, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${endpoint}/custom/traces` },
      wire: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
    });
    await deck.connectAll();
    await waitForStatus(deck, 'meta', ['connected']);
    await deck.callTool('meta', 'echo', { text: 'a' });
    await deck.close();
    expect(new Set(received.map((r) => r.path))).toEqual(new Set(['/custom/traces']));
    const call = spans().find((s) => s.name === 'tools/call')!;
    expect(call).toMatchObject({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', parentSpanId: '00f067aa0ba902b7' });

    received.length = 0;
    const unsampled = await deckWith({ meta: fixtureServer('records-meta.mjs', recorder()) }, {
      env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint },
      wire: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00' },
    });
    await unsampled.connectAll();
    await waitForStatus(unsampled, 'meta', ['connected']);
    await unsampled.callTool('meta', 'echo', { text: 'a' });
    await unsampled.close();
    expect(spans()).toEqual([]);
  });

  it('the bundled command line loads the exporter and sends a call\'s spans before it exits', async () => {
    received.length = 0;
    const box = sandbox();
    const server = ['--', process.execPath, ...fixtureServer('records-meta.mjs', recorder()).args];
    const run = await runCli(['call', 'echo', 'text=hi', '--json', ...server], { ...box, env: { ...box.env, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'ci-job' } });
    expect(run.code, run.stderr).toBe(0);
    const { traceId } = JSON.parse(run.stdout) as { traceId: string };
    expect(spans().filter((s) => s.traceId === traceId).map((s) => s.name).sort()).toEqual(['tools/call', 'tools/call echo']);
    const service = received[0]!.body.resourceSpans[0]!.resource.attributes.find((a) => a.key === 'service.name');
    expect(service?.value.stringValue).toBe('ci-job');
  });
});
