// The Network view's record: masking, exchanges recorded through a fetch, SSE events, and
// the HAR 1.2 written from them (validated against the har-schema package's schema).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskExchangeUrl, maskHeader } from '../../src/core/network/mask.js';
import { NetworkLog } from '../../src/core/network/network-log.js';
import { toHar } from '../../src/core/network/har.js';
import { formatTraceparent, parseTraceparent, Tracing } from '../../src/core/tracing/trace-context.js';
import { harErrors } from '../helpers/har.js';

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.startsWith('/sse')) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: message\nid: 7\ndata: {"jsonrpc":"2.0"}\n\n');
      res.write(': a comment\n\ndata: two\ndata: lines\n\n');
      return void res.end();
    }
    res.writeHead(401, { 'www-authenticate': `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource?token=leak"`, 'set-cookie': 'sid=s3cr3t' }).end('nope');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('masking', () => {
  it('masks credentials in headers and keeps the scheme word; decodes Mcp-* values; cuts a session id short', () => {
    expect(maskHeader('Authorization', 'Bearer eyJhbGciOi.secret.part')).toBe('Bearer ••••••');
    expect(maskHeader('DPoP', 'eyJ0eXAiOiJkcG9wK2p3dCJ9.x.y')).toBe('••••••');
    expect(maskHeader('Cookie', 'sid=1')).toBe('••••••');
    expect(maskHeader('Set-Cookie', 'sid=1')).toBe('••••••');
    expect(maskHeader('X-Api-Key', 'k')).toBe('••••••');
    expect(maskHeader('Mcp-Param-City', `=?base64?${Buffer.from('Zürich').toString('base64')}?=`)).toBe('Zürich (decoded from base64)');
    expect(maskHeader('Mcp-Method', 'tools/call')).toBe('tools/call');
    expect(maskHeader('Mcp-Session-Id', 'abcdef0123456789')).toBe('abcdef…••••••');
  });

  it('masks tokens, codes and verifiers in URLs', () => {
    const masked = maskExchangeUrl('https://as.example/token?code=abc&code_verifier=v&access_token=t&state=s&scope=read');
    expect(masked).not.toMatch(/abc|=v&|=t&|=s&/);
    expect(masked).toContain('scope=read');
    expect(maskExchangeUrl('https://user:pw@example.com/mcp')).not.toContain('pw');
  });
});

describe('recording fetch', () => {
  it('records a refused request: status, masked headers both ways, sizes and timing', async () => {
    const log = new NetworkLog();
    const fetch = log.fetchFor('remote');
    const response = await fetch(`${base}/mcp?access_token=tok123`, { method: 'POST', headers: { authorization: 'Bearer tok123', 'mcp-method': 'tools/list' }, body: '{"a":1}' });
    expect(await response.text()).toBe('nope');
    const [x] = log.of('remote').getSnapshot();
    expect(x).toMatchObject({ method: 'POST', status: 401, requestBodySize: 7, responseBodySize: 4, open: false });
    expect(x!.requestHeaders).toContainEqual(['authorization', 'Bearer ••••••']);
    expect(x!.requestHeaders).toContainEqual(['mcp-method', 'tools/list']);
    expect(x!.responseHeaders).toContainEqual(['set-cookie', '••••••']);
    expect(x!.total).toBeGreaterThanOrEqual(x!.wait!);
    expect(JSON.stringify(x)).not.toMatch(/tok123|s3cr3t|leak/);
  });

  it('reads the events of an SSE stream as they pass', async () => {
    const log = new NetworkLog();
    const response = await log.fetchFor('remote')(`${base}/sse`);
    await response.text();
    const [x] = log.of('remote').getSnapshot();
    expect(x!.sseCount).toBe(2);
    expect(x!.sse!.map((e) => [e.event, e.id, e.preview])).toEqual([['message', '7', '{"jsonrpc":"2.0"}'], ['message', undefined, 'two\nlines']]);
  });

  it('records a request that got no answer', async () => {
    const log = new NetworkLog();
    await expect(log.fetchFor('gone')('http://127.0.0.1:1/mcp')).rejects.toThrow();
    expect(log.of('gone').getSnapshot()[0]).toMatchObject({ open: false, error: expect.any(String) });
  });

  it('keeps the last exchanges of each server only', async () => {
    const log = new NetworkLog(2);
    for (let i = 0; i < 3; i++) await (await log.fetchFor('remote')(`${base}/sse`)).text();
    expect(log.of('remote').getSnapshot().map((x) => x.seq)).toEqual([1, 2]);
  });
});

describe('HAR', () => {
  it('is HAR 1.2 by its JSON Schema, with every exchange of every server, secrets masked', async () => {
    const log = new NetworkLog();
    await (await log.fetchFor('a')(`${base}/sse`)).text();
    await (await log.fetchFor('b')(`${base}/mcp?code=c0de`, { headers: { authorization: 'Bearer tok123' } })).text();
    await log.fetchFor('c')('http://127.0.0.1:1/').catch(() => undefined);
    const har = toHar(log.all());
    expect(harErrors(har)).toEqual([]);
    expect(har.log.entries.map((e) => [e._server, e.response.status])).toEqual(expect.arrayContaining([['a', 200], ['b', 401], ['c', 0]]));
    expect(JSON.stringify(har)).not.toMatch(/tok123|c0de|s3cr3t/);
    // The schema can fail: a HAR without its version is refused.
    expect(harErrors({ log: { ...har.log, version: undefined } })).not.toEqual([]);
  });
});

describe('trace context', () => {
  it('reads and writes W3C traceparent values, refusing invalid ones', () => {
    const parent = parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
    expect(parent).toEqual({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', flags: '01' });
    expect(formatTraceparent(parent!)).toBe('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
    for (const bad of ['', '00-00000000000000000000000000000000-00f067aa0ba902b7-01', '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01', 'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', '00-xyz-00f067aa0ba902b7-01']) {
      expect(parseTraceparent(bad)).toBeUndefined();
    }
    expect(() => new Tracing('nope')).toThrow(/not a W3C traceparent/);
  });

  it('a span outside any run starts a trace of its own; inside a run, the run\'s', () => {
    const tracing = new Tracing();
    expect(tracing.span().traceId).not.toBe(tracing.span().traceId);
    tracing.run((trace) => {
      expect(tracing.span().traceId).toBe(trace.traceId);
      // A run inside a run stays in the outer one.
      tracing.run((inner) => expect(inner).toBe(trace));
    });
  });
});
