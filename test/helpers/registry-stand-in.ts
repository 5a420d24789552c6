// A local stand-in for the official MCP Registry, which the test machines cannot reach.
// It answers the three GET routes of the registry's published OpenAPI document
// (test/fixtures/registry/openapi.yaml) on 127.0.0.1, with the official registry's
// documented extras: deleted versions are hidden unless `include_deleted=true` or
// `updated_since` is given. One choice of its own: `nextCursor` comes only when more
// items remain (the official registry gives one on every full page, so its last page
// can be empty). test/integration/registry-contract.test.ts holds it to the document.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultRegistryEntries, type ServerJson } from './registry-entries.js';

export type { ServerJson } from './registry-entries.js';

/** The registry's own metadata on a version (`_meta['io.modelcontextprotocol.registry/official']`). */
export interface Official {
  status: 'active' | 'deprecated' | 'deleted';
  publishedAt: string;
  updatedAt: string;
  isLatest: boolean;
}

/** One request as the stand-in saw it: the path still URL-encoded, the query decoded. */
interface SeenRequest {
  path: string;
  query: Record<string, string>;
  authorization?: string;
}

export interface RegistryStandIn {
  /** The base URL, without a trailing slash; the routes are under `/v0.1/`. */
  url: string;
  /** Adds a new version of a server; unless `meta.isLatest` is false it becomes the latest. */
  publish(server: ServerJson, meta?: Partial<Official>): void;
  /** Changes a version's status (deleted versions drop out of default answers). */
  setStatus(name: string, version: string, status: Official['status']): void;
  /** Every request so far, oldest first. */
  requests: SeenRequest[];
  close(): Promise<void>;
}

export interface RegistryStandInOptions {
  /** When set, every request must carry `Authorization: Bearer <token>` (a private registry). */
  token?: string;
  /** What is published at the start, in order (default: defaultRegistryEntries()). */
  entries?: ServerJson[];
  /** Items per page when the request gives no `limit` (the registry's default is 30). */
  pageSize?: number;
}

/** The most a page holds, whatever `limit` asks for (as the official registry). */
const MAX_LIMIT = 100;
const OFFICIAL = 'io.modelcontextprotocol.registry/official';
/** Timestamps are deterministic: one minute apart, from this moment on. */
const EPOCH = Date.parse('2025-09-01T00:00:00Z');

interface Row { server: ServerJson; official: Official }

class HttpError extends Error {
  constructor(readonly status: number, message: string) { super(message); }
}

const view = (row: Row) => ({ server: row.server, _meta: { [OFFICIAL]: { ...row.official } } });

/** Cursors are opaque to clients; inside, the (name, version) of the last item given. */
const encodeCursor = (row: Row) => Buffer.from(JSON.stringify([row.server.name, row.server.version])).toString('base64url');
function decodeCursor(cursor: string): [string, string] {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (Array.isArray(key) && key.length === 2 && key.every((part) => typeof part === 'string')) return key as [string, string];
  } catch { /* answered below */ }
  throw new HttpError(400, 'Invalid cursor');
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Orders the list by name, then version (as text), as the official registry does. */
const byKey = (a: [string, string], b: [string, string]) => compare(a[0], b[0]) || compare(a[1], b[1]);
const keyOf = (row: Row): [string, string] => [row.server.name, row.server.version];

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new HttpError(400, 'Invalid URL encoding');
  }
}

/** Starts a stand-in registry on 127.0.0.1 at a free port. */
export async function startRegistryStandIn(options: RegistryStandInOptions = {}): Promise<RegistryStandIn> {
  const rows: Row[] = [];
  const requests: SeenRequest[] = [];
  let ticks = 0;
  const now = () => new Date(EPOCH + 60_000 * ticks++).toISOString();

  function publish(server: ServerJson, meta: Partial<Official> = {}): void {
    if (rows.some((row) => row.server.name === server.name && row.server.version === server.version)) {
      throw new Error(`${server.name} ${server.version} is already published`);
    }
    const at = now();
    const official: Official = { status: 'active', publishedAt: at, updatedAt: at, isLatest: true, ...meta };
    if (official.isLatest) {
      for (const row of rows.filter((r) => r.server.name === server.name && r.official.isLatest)) {
        row.official = { ...row.official, isLatest: false, updatedAt: at };
      }
    }
    rows.push({ server, official });
  }

  function setStatus(name: string, version: string, status: Official['status']): void {
    const row = rows.find((r) => r.server.name === name && r.server.version === version);
    if (!row) throw new Error(`${name} ${version} is not published`);
    row.official = { ...row.official, status, updatedAt: now() };
  }

  const shown = (includeDeleted: boolean) => (row: Row) => includeDeleted || row.official.status !== 'deleted';

  /** GET /v0.1/servers: every version of every server, filtered, a page at a time. */
  function list(query: URLSearchParams) {
    const since = query.get('updated_since');
    const sinceTime = since === null ? undefined : Date.parse(since);
    if (Number.isNaN(sinceTime)) throw new HttpError(400, 'Invalid updated_since: expected an RFC 3339 timestamp');
    const limitText = query.get('limit');
    const limit = limitText === null ? (options.pageSize ?? 30) : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1) throw new HttpError(400, 'limit must be a whole number above 0');
    const search = query.get('search')?.toLowerCase();
    const version = query.get('version');
    const cursor = query.get('cursor');
    const after = cursor ? decodeCursor(cursor) : undefined;

    const matching = rows
      .filter(shown(query.get('include_deleted') === 'true' || sinceTime !== undefined))
      .filter((row) => !search || row.server.name.toLowerCase().includes(search))
      .filter((row) => !version || (version === 'latest' ? row.official.isLatest : row.server.version === version))
      .filter((row) => sinceTime === undefined || Date.parse(row.official.updatedAt) > sinceTime)
      .filter((row) => !after || byKey(keyOf(row), after) > 0)
      .sort((a, b) => byKey(keyOf(a), keyOf(b)));
    const page = matching.slice(0, Math.min(limit, MAX_LIMIT));
    const more = matching.length > page.length;
    return { servers: page.map(view), metadata: { count: page.length, ...(more ? { nextCursor: encodeCursor(page.at(-1)!) } : {}) } };
  }

  /** The versions of one server that a request may see, newest first. */
  function versionsOf(name: string, query: URLSearchParams): Row[] {
    const found = rows
      .filter((row) => row.server.name === name)
      .filter(shown(query.get('include_deleted') === 'true'))
      .sort((a, b) => Date.parse(b.official.publishedAt) - Date.parse(a.official.publishedAt));
    if (found.length === 0) throw new HttpError(404, 'Server not found');
    return found;
  }

  function answer(path: string, query: URLSearchParams): unknown {
    if (path === '/v0.1/servers') return list(query);
    const route = /^\/v0\.1\/servers\/([^/]+)\/versions(?:\/([^/]+))?$/.exec(path);
    if (!route) throw new HttpError(404, 'Not found');
    const versions = versionsOf(decode(route[1]!), query);
    if (route[2] === undefined) return { servers: versions.map(view), metadata: { count: versions.length } };
    const version = decode(route[2]);
    const row = versions.find((r) => (version === 'latest' ? r.official.isLatest : r.server.version === version));
    if (!row) throw new HttpError(404, 'Server not found');
    return view(row);
  }

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };

  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://registry.invalid');
    requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), authorization: req.headers.authorization });
    if (options.token !== undefined && req.headers.authorization !== `Bearer ${options.token}`) {
      send(res, 401, { error: 'Invalid or missing registry token' }, { 'www-authenticate': 'Bearer' });
    } else if (req.method !== 'GET') {
      send(res, 405, { error: 'Method not allowed' }, { allow: 'GET' });
    } else {
      try {
        send(res, 200, answer(url.pathname, url.searchParams));
      } catch (error) {
        // A bug here answers 500 (the document's shape for it) rather than ending the test run.
        send(res, error instanceof HttpError ? error.status : 500, { error: (error as Error).message });
      }
    }
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));

  for (const entry of options.entries ?? defaultRegistryEntries()) publish(entry);
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    publish,
    setStatus,
    requests,
    close: () => new Promise<void>((resolve, reject) => {
      http.close((error) => (error ? reject(error) : resolve()));
      http.closeAllConnections();
    }),
  };
}
