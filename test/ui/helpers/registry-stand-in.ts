import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One item of a registry answer, as the official registry sends it: `{ server, _meta }`. */
export interface RawEntry {
  server: Record<string, unknown> & { name: string; version: string };
  _meta: Record<string, Record<string, unknown>>;
}

const OFFICIAL = 'io.modelcontextprotocol.registry/official';

/** An entry in the official format; the latest and active unless `meta` says otherwise. */
export function registryEntry(server: RawEntry['server'], meta: { status?: string; isLatest?: boolean; publishedAt?: string } = {}): RawEntry {
  return {
    server: { $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json', ...server },
    _meta: { [OFFICIAL]: { status: 'active', isLatest: true, publishedAt: '2026-03-01T10:00:00Z', updatedAt: '2026-03-01T10:00:00Z', ...meta } },
  };
}

export interface RegistryStandIn {
  url: string;
  /** Every path asked for, query included. */
  asked: string[];
  /** What it publishes from now on. */
  publish: (entries: RawEntry[]) => void;
  close: () => Promise<void>;
}

const latest = (e: RawEntry) => e._meta[OFFICIAL]?.isLatest === true;

/**
 * A registry on 127.0.0.1 that answers as the official one does (API v0.1): the servers
 * whose name has `search` in it, their latest versions with `version=latest`, a page of
 * `pageSize` at a time (the cursor is where the next page starts); a server's versions
 * (in the order given: newest first); one version, or `latest`.
 */
export async function registryStandIn(entries: RawEntry[], { pageSize = 30 } = {}): Promise<RegistryStandIn> {
  let published = entries;
  const asked: string[] = [];
  const server: Server = createServer((request, response) => {
    asked.push(request.url ?? '');
    const url = new URL(request.url ?? '/', 'http://registry');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/v0.1/servers') {
      const words = url.searchParams.get('search') ?? '';
      const all = published.filter((e) => (url.searchParams.get('version') !== 'latest' || latest(e)) && e.server.name.includes(words));
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const size = Math.min(pageSize, Number(url.searchParams.get('limit') ?? 30));
      const page = all.slice(start, start + size);
      const next = start + size < all.length ? String(start + size) : undefined;
      return send(200, { servers: page, metadata: { count: page.length, ...(next && { nextCursor: next }) } });
    }
    const match = /^\/v0\.1\/servers\/([^/]+)\/versions(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) return send(404, { title: 'Not Found', status: 404 });
    const name = decodeURIComponent(match[1]!);
    const versions = published.filter((e) => e.server.name === name);
    if (!versions.length) return send(404, { title: 'Not Found', status: 404, detail: 'Server not found' });
    if (match[2] === undefined) return send(200, { servers: versions, metadata: { count: versions.length } });
    const version = decodeURIComponent(match[2]);
    const found = versions.find((e) => (version === 'latest' ? latest(e) : e.server.version === version));
    return found ? send(200, found) : send(404, { title: 'Not Found', status: 404, detail: 'Server version not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    asked,
    publish: (next) => void (published = next),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
