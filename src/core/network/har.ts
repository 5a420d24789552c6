import { replaceFile } from '../../util/replace-file.js';
import { VERSION } from '../../util/version.js';
import type { HttpExchange } from './network-log.js';

// HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): what mcpdeck adds of its own
// starts with an underscore, as the format asks: the server's name, an SSE stream's events.

const header = ([name, value]: [string, string]) => ({ name, value });

function entry(server: string, x: HttpExchange) {
  const url = new URL(x.url);
  const wait = x.wait ?? x.total ?? 0;
  const total = x.total ?? wait;
  return {
    startedDateTime: new Date(x.started).toISOString(),
    time: total,
    request: {
      method: x.method, url: url.href, httpVersion: 'HTTP/1.1', cookies: [], headers: x.requestHeaders.map(header),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })), headersSize: -1, bodySize: x.requestBodySize,
    },
    response: {
      status: x.status ?? 0, statusText: x.statusText ?? '', httpVersion: 'HTTP/1.1', cookies: [], headers: (x.responseHeaders ?? []).map(header),
      content: { size: x.responseBodySize, mimeType: x.mimeType ?? '' }, redirectURL: '', headersSize: -1, bodySize: x.status === undefined ? -1 : x.responseBodySize,
    },
    cache: {},
    timings: { send: 0, wait, receive: Math.max(0, total - wait) },
    ...(x.error && { comment: x.error }),
    _server: server,
    ...(x.sse && { _sseEvents: x.sse, _sseEventCount: x.sseCount ?? x.sse.length }),
  };
}

/** The exchanges as a HAR 1.2 document, oldest first. */
export function toHar(servers: readonly (readonly [string, readonly HttpExchange[]])[]) {
  const entries = servers.flatMap(([name, rows]) => rows.map((x) => entry(name, x))).sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime));
  return { log: { version: '1.2', creator: { name: 'mcpdeck', version: VERSION }, entries } };
}

/** Writes the HAR (0600: it names the servers and what was asked of them, though every secret is masked). */
export function writeHar(path: string, servers: readonly (readonly [string, readonly HttpExchange[]])[]): void {
  replaceFile(path, `${JSON.stringify(toHar(servers), null, 2)}\n`, 0o600);
}
